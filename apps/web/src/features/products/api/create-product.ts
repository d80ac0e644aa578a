import { type CreateProductBody, insertResultSchema } from '@preloved/shared/products'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** POST /api/categoryDetails: the seller, their email and the verified mark come from the token. */
export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateProductBody) => api.post('/categoryDetails', body, insertResultSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  })
}
