import type { SavedSearch, SavedSearchBody } from '@preloved/shared/notifications'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type ResponseParser } from '@/lib/api-client'

// Saved searches (docs/product/notifications.md#saved-searches): answers checked with the shared schemas, imported when a request starts.
const shared = () => import('@preloved/shared/notifications')
const listSchema = () => shared().then((m) => m.savedSearchListSchema)
const oneSchema = () => shared().then((m) => m.savedSearchSchema)
const deletedParser: ResponseParser<{ deletedCount: number }> = {
  safeParse: (data) =>
    typeof (data as { deletedCount?: unknown } | null)?.deletedCount === 'number'
      ? { success: true, data: data as { deletedCount: number } }
      : { success: false, error: 'deletedCount is not a number' },
}

const path = (id: string) => `/saved-searches/${encodeURIComponent(id)}`

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: ['saved-searches'],
    queryFn: ({ signal }) => api.get('/saved-searches', listSchema(), { signal }),
  })

export const useSavedSearches = (enabled = true) =>
  useQuery({
    ...savedSearchesQueryOptions(),
    enabled,
    throwOnError: (_error, query) => query.state.data === undefined,
  })

function useSavedSearchMutation<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['saved-searches'] }),
  })
}

/** POST /api/saved-searches { name, query }: the query as /search has it in its URL. */
export const useSaveSearch = () =>
  useSavedSearchMutation(
    (body: SavedSearchBody): Promise<SavedSearch> => api.post('/saved-searches', body, oneSchema()),
  )

/** PATCH /api/saved-searches/{id} { name }. */
export const useRenameSavedSearch = () =>
  useSavedSearchMutation(({ id, name }: { id: string; name: string }) => api.patch(path(id), { name }, oneSchema()))

/** DELETE /api/saved-searches/{id}. */
export const useDeleteSavedSearch = () => useSavedSearchMutation((id: string) => api.delete(path(id), deletedParser))
