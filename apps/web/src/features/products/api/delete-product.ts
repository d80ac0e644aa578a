import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The answer's schema is imported when the request starts: the product and category pages (a seller's own listing has
// Delete) keep zod out of their first chunks.
const deleteResultSchema = () => import('@preloved/shared/products').then((m) => m.deleteResultSchema)

/** DELETE /api/categoryDetails/{id}: its seller (or an admin) removes a listing; a sold bag answers 409. */
export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (productId: string) =>
      api.delete(`/categoryDetails/${encodeURIComponent(productId)}`, deleteResultSchema()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  })
}
