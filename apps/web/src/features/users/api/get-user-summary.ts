import { userSummarySchema } from '@preloved/shared/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/users/{id}/summary (admin): join date, listings, sales and reports, read when the admin is deciding. */
export const userSummaryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', 'summary', userId],
    queryFn: ({ signal }) => api.get(`/users/${encodeURIComponent(userId)}/summary`, userSummarySchema, { signal }),
  })

export function useUserSummary(userId: string | undefined) {
  return useQuery({ ...userSummaryQueryOptions(userId ?? ''), enabled: Boolean(userId) })
}
