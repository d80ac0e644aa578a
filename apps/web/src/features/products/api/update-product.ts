import type { UpdateProductBody } from '@preloved/shared/products'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Whatever the server answers on success (the modify result or the listing) is enough: the lists are read again.
const anyAnswer = { safeParse: (data: unknown) => ({ success: true as const, data }) }

/** PATCH /api/categoryDetails/{id}: the fields that changed (its seller; an admin). */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateProductBody) => api.patch(`/categoryDetails/${encodeURIComponent(id)}`, body, anyAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  })
}
