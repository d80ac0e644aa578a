import { modifyResultSchema } from '@preloved/shared/products'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** PUT /api/users/seller/{productId}: the seller advertises one of their listings on the home page. */
export function useAdvertiseProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (productId: string) =>
      api.put(`/users/seller/${encodeURIComponent(productId)}`, undefined, modifyResultSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  })
}
