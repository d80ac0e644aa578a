import { MAX_PAGE_SIZE } from '@preloved/shared/constants'
import { userListSchema } from '@preloved/shared/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type ListedRole = 'customer' | 'seller'

/** GET /api/users?role=: the admin's lists of customers and sellers, newest first. */
export const usersQueryOptions = (role: ListedRole) =>
  queryOptions({
    queryKey: ['users', { role }],
    queryFn: ({ signal }) =>
      api.get(`/users?${new URLSearchParams({ role, limit: String(MAX_PAGE_SIZE) })}`, userListSchema, { signal }),
  })

/** A failed first load shows the route-error screen (docs/style.md#errors); a failed refetch keeps the list on screen. */
export function useUsers(role: ListedRole) {
  return useQuery({ ...usersQueryOptions(role), throwOnError: (_error, query) => query.state.data === undefined })
}
