import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'

/** One stored mail (GET /api/outbox, admin): kept when no SMTP server is configured (DESIGN §7). */
export const outboxMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  date: z.string(),
})
export type OutboxMail = z.infer<typeof outboxMailSchema>

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: ['outbox'],
    queryFn: ({ signal }) => api.get('/outbox', z.array(outboxMailSchema), { signal }),
  })

/** Newest first, as the server sends them; a failed first load shows the route-error screen (STYLE §5). */
export function useOutbox() {
  return useQuery({
    ...outboxQueryOptions(),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}
