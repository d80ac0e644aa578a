import { type OutboxMail, outboxListSchema } from '@preloved/shared/mail'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: ['outbox'],
    queryFn: ({ signal }) => api.get('/outbox', outboxListSchema, { signal }),
  })

/** Newest first, as the server sends them; a failed first load shows the route-error screen (docs/style.md#errors). */
export function useOutbox() {
  return useQuery({
    ...outboxQueryOptions(),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}

export type { OutboxMail }
