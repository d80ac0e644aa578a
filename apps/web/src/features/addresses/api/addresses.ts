import type { SaveAddressBody } from '@preloved/shared/addresses'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The answers are checked with the shared schemas, imported when a request starts (zod stays out of the first chunk).
const listSchema = () => import('@preloved/shared/addresses').then((m) => m.savedAddressSchema.array())
const savedSchema = () => import('@preloved/shared/addresses').then((m) => m.savedAddressSchema)
const deleteResultSchema = () => import('@preloved/shared/products').then((m) => m.deleteResultSchema)

/** GET /addresses: the signed-in user's saved delivery addresses, the default first, then the newest. */
export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: ['addresses'],
    queryFn: ({ signal }) => api.get('/addresses', listSchema(), { signal }),
  })

export const useAddresses = (enabled = true) => useQuery({ ...addressesQueryOptions(), enabled })

function useInvalidate() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['addresses'] })
}

/** POST /addresses (at most 10: the server answers 409 with the message). */
export function useCreateAddress() {
  const onSuccess = useInvalidate()
  return useMutation({
    mutationFn: (body: SaveAddressBody) => api.post('/addresses', body, savedSchema()),
    onSuccess,
  })
}

/** PUT /addresses/{id}: the whole address; isDefault true makes it the default. */
export function useUpdateAddress() {
  const onSuccess = useInvalidate()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SaveAddressBody }) =>
      api.put(`/addresses/${encodeURIComponent(id)}`, body, savedSchema()),
    onSuccess,
  })
}

/** DELETE /addresses/{id}: the newest left becomes the default when the default goes. */
export function useDeleteAddress() {
  const onSuccess = useInvalidate()
  return useMutation({
    mutationFn: (id: string) => api.delete(`/addresses/${encodeURIComponent(id)}`, deleteResultSchema()),
    onSuccess,
  })
}
