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

/** A failed first load shows the route-error screen (STYLE §5); a failed refetch keeps the list on screen. */
export function useAdminOrders(q: string) {
  return useInfiniteQuery({
    ...adminOrdersQueryOptions(q),
    throwOnError: (_error, query) => query.state.data === undefined,
    placeholderData: (previous) => previous,
  })
}

/** GET /api/admin/disputes (admin): the disputed orders. */
export const disputesQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', 'disputes'],
    queryFn: ({ signal }) => api.get('/admin/disputes', orderListSchema, { signal }),
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

/** After a money move every order list, the order itself and the dashboard's figures are read again. */
function useOrderMove<V extends { id: string }>(path: (id: string) => string, body: (vars: V) => unknown) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (vars: V) => api.post(path(vars.id), body(vars), orderSchema),
    onSuccess: (order) => queryClient.setQueryData(adminOrderQueryOptions(order._id).queryKey, order),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  })
}

/** POST /api/orders/{id}/refund (admin; paid or shipped): in full without `amount`, with a reason for the audit log. */
export const useRefundOrder = () =>
  useOrderMove<{ id: string } & RefundBody>(
    (id) => `/orders/${encodeURIComponent(id)}/refund`,
    ({ id: _id, ...body }) => body,
  )

/** POST /api/orders/{id}/resolve (admin; disputed only): release, or refund (in part with `amount`; the rest to the seller). */
export const useResolveDispute = () =>
  useOrderMove<{ id: string } & ResolveBody>(
    (id) => `/orders/${encodeURIComponent(id)}/resolve`,
    ({ id: _id, ...body }) => body,
  )

export type { Order }
