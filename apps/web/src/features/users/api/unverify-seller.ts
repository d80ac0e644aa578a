import { modifyResultSchema } from '@preloved/shared/products'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** PUT /api/users/{id}/unverify (admin): the badge leaves the seller's listings; the reason is mailed to them. */
export function useUnverifySeller() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api.put(`/users/${encodeURIComponent(userId)}/unverify`, { reason }, modifyResultSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  })
}
