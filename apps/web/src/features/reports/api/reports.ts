import {
  type CreateReportBody,
  type ReportedItem,
  type ResolveReportBody,
  reportedItemListSchema,
} from '@preloved/shared/reports'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'

export type ReportStatus = 'open' | 'resolved'

const createdReportSchema = z.object({ insertedId: z.string(), message: z.string() })
const resolvedSchema = z.object({ modifiedCount: z.number() })

/** POST /api/reports: one open report per user and listing (409 for a second), rate-limited (429). */
export function useCreateReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateReportBody) => api.post('/reports', body, createdReportSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  })
}

/** GET /api/reports?status= (admin): reports grouped by listing, newest first. */
export const reportedItemsQueryOptions = (status: ReportStatus) =>
  queryOptions({
    queryKey: ['reports', { status }],
    queryFn: ({ signal }) => api.get(`/reports?${new URLSearchParams({ status })}`, reportedItemListSchema, { signal }),
  })

/** A failed first load shows the route-error screen (docs/style.md#errors); a failed refetch keeps the list on screen. */
export function useReportedItems(status: ReportStatus) {
  return useQuery({
    ...reportedItemsQueryOptions(status),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}

/** PATCH /api/reports/{productId} (admin): remove the listing everywhere (with a reason for its seller), or dismiss. */
export function useResolveReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ productId, ...body }: { productId: string } & ResolveReportBody) =>
      api.patch(`/reports/${encodeURIComponent(productId)}`, body, resolvedSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  })
}

export type { ReportedItem }
