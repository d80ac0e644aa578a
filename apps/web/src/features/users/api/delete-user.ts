import { deleteResultSchema } from '@preloved/shared/products'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ListedRole } from './get-users'

/** DELETE /api/users/{id}: the admin deletes a customer or seller (a seller's listings go with them). */
export function useDeleteUser(role: ListedRole) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/users/${encodeURIComponent(userId)}`, deleteResultSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', { role }] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  })
}
