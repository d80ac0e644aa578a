import type { Settings } from '@preloved/shared/settings'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Checked with the shared schema, imported when the request starts: every public page reads the settings, and zod
// stays out of their first load (docs/decisions/010).
const settingsResponseSchema = () => import('@preloved/shared/settings').then((m) => m.settingsResponseSchema)

/** GET /api/settings: the blog's tagline and the footer's social links (public). */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api.get('/settings', settingsResponseSchema(), { signal }),
    staleTime: 60_000,
  })

export const useSettings = () => useQuery(settingsQueryOptions())

/** PUT /api/settings (admin): the stored settings come back and replace the cached ones. */
export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Settings) => api.put('/settings', body, settingsResponseSchema()),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryOptions().queryKey, saved),
  })
}
