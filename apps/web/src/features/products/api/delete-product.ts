import { deleteResultSchema } from '@preloved/shared/products'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** DELETE /api/categoryDetails/{id}: its seller (or an admin) removes a listing; a sold bag answers 409. */
export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (productId: string) =>
      api.delete(`/categoryDetails/${encodeURIComponent(productId)}`, deleteResultSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  })
}
