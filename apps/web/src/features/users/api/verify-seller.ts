import { modifyResultSchema } from '@preloved/shared/products'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** PUT /api/users/admin/{id}: the admin verifies a seller; the badge shows on their listings at once. */
export function useVerifySeller() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) =>
      api.put(`/users/admin/${encodeURIComponent(userId)}`, undefined, modifyResultSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  })
}
