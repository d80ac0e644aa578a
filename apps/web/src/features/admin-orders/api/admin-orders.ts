import { MAX_PAGE_SIZE } from '@preloved/shared/constants'
import { type Order, orderSchema, type RefundBody, type ResolveBody } from '@preloved/shared/orders'
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'

const orderListSchema = z.array(orderSchema)

/**
 * GET /api/admin/orders?q= (admin): orders matching an order id or a buyer's or seller's email, newest first; the
 * latest without q. Paged like every list: the next page's cursor comes in the `Link` header.
 */
export const adminOrdersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['orders', 'admin', { q }],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) })
      const query = params.toString()
      return api.getPage(query ? `/admin/orders?${query}` : '/admin/orders', orderListSchema, { signal })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

/** A failed first load shows the route-error screen (docs/style.md#errors); a failed refetch keeps the list on screen. */
export function useAdminOrders(q: string) {
  return useInfiniteQuery({
    ...adminOrdersQueryOptions(q),
    throwOnError: (_error, query) => query.state.data === undefined,
    placeholderData: (previous) => previous,
  })
}

/** Disputes are few, and the page shows them oldest first: every page is read (at most this many). */
const DISPUTE_PAGES = 10

/** GET /api/admin/disputes (admin): every disputed order (the server pages them newest first; all pages are read). */
export const disputesQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', 'disputes'],
    queryFn: async ({ signal }) => {
      const all: Order[] = []
      let cursor: string | null = null
      for (let n = 0; n < DISPUTE_PAGES; n++) {
        const params: URLSearchParams = new URLSearchParams({
          limit: String(MAX_PAGE_SIZE),
          ...(cursor ? { cursor } : {}),
        })
        const page: { data: Order[]; next: string | null } = await api.getPage(
          `/admin/disputes?${params}`,
          orderListSchema,
          { signal },
        )
        all.push(...page.data)
        cursor = page.next
        if (!cursor) break
      }
      return all
    },
  })

export function useDisputes() {
  return useQuery({
    ...disputesQueryOptions(),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}

/** GET /api/orders/{id}: one order as an admin sees it (with its dispute and audit log). */
export const adminOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', id],
    queryFn: ({ signal }) => api.get(`/orders/${encodeURIComponent(id)}`, orderSchema, { signal }),
  })

export function useAdminOrder(id: string) {
  return useQuery({
    ...adminOrderQueryOptions(id),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}

/** A money move's variables: the order, the body, and the Idempotency-Key of this one decision (a retry repeats it). */
type Move<B> = { id: string; idempotencyKey: string } & B

/** After a money move every order list, the order itself and the dashboard's figures are read again. */
function useOrderMove<B>(path: (id: string) => string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, idempotencyKey, ...body }: Move<B>) =>
      api.post(path(id), body, orderSchema, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (order) => queryClient.setQueryData(adminOrderQueryOptions(order._id).queryKey, order),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['earnings'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  })
}

/** A fresh key for one decision (a dialog opened once): the same refund is never made twice by a repeated request. */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context (https, or localhost); getRandomValues works everywhere
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** POST /api/orders/{id}/refund (admin; paid or shipped): in full without `amount`, with a reason for the audit log. */
export const useRefundOrder = () => useOrderMove<RefundBody>((id) => `/orders/${encodeURIComponent(id)}/refund`)

/** POST /api/orders/{id}/cancel (admin, with a reason; paid only): the buyer is refunded in full, the bag for sale again. */
export const useAdminCancelOrder = () =>
  useOrderMove<{ reason: string }>((id) => `/orders/${encodeURIComponent(id)}/cancel`)

/** POST /api/orders/{id}/resolve (admin; disputed only): release, or refund (in part with `amount`; the rest to the seller). */
export const useResolveDispute = () => useOrderMove<ResolveBody>((id) => `/orders/${encodeURIComponent(id)}/resolve`)

/** POST /api/orders/{id}/chargeback/close (admin): ends a card chargeback's hold, with the reason in the audit log. */
export const useCloseChargeback = () =>
  useOrderMove<{ reason: string }>((id) => `/orders/${encodeURIComponent(id)}/chargeback/close`)

export type { Order }
