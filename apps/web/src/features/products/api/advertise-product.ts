import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The answer's schema is imported when the request starts: the product and category pages (a seller's own listing has
// Advertise) keep zod out of their first chunks.
const modifyResultSchema = () => import('@preloved/shared/products').then((m) => m.modifyResultSchema)

/** PUT /api/users/seller/{productId}: the seller advertises one of their listings on the home page. */
export function useAdvertiseProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (productId: string) =>
      api.put(`/users/seller/${encodeURIComponent(productId)}`, undefined, modifyResultSchema()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  })
}
