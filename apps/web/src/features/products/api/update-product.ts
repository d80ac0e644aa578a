import { productSchema, type UpdateProductBody } from '@preloved/shared/products'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** PATCH /api/categoryDetails/{id}: the fields that changed (its seller; an admin); answers the listing as it now is. */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateProductBody) =>
      api.patch(`/categoryDetails/${encodeURIComponent(id)}`, body, productSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  })
}
