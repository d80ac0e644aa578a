import { type Settings, settingsResponseSchema } from '@preloved/shared/settings'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/settings: the blog's tagline and the footer's social links (public). */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api.get('/settings', settingsResponseSchema, { signal }),
    staleTime: 60_000,
  })

export const useSettings = () => useQuery(settingsQueryOptions())

/** PUT /api/settings (admin): the stored settings come back and replace the cached ones. */
export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Settings) => api.put('/settings', body, settingsResponseSchema),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryOptions().queryKey, saved),
  })
}
