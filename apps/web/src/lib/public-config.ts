import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Checked with the shared schema, imported when the request starts: zod stays out of the page's first chunk and
// downloads while the request is in flight.
const publicConfigSchema = () => import('@preloved/shared/auth').then((m) => m.publicConfigSchema)

/** GET /api/config: which provider "Continue With Google" uses on this installation, if any, the card processor and how long a booking holds a bag. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get('/config', publicConfigSchema(), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
