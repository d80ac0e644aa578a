import type { Address } from '@preloved/shared/addresses'
import type { AnswerBody, DisputeBody, Order, ShipBody } from '@preloved/shared/orders'
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { paths } from '@/config/paths'
import { api, retryServerErrors } from '@/lib/api-client'
import { liveConnected, useNotificationsAbout } from '@/lib/live-events'

// Answers are checked with the shared schemas, imported when a request starts (zod stays out of the first chunk).
const orderSchema = () => import('@preloved/shared/orders').then((m) => m.orderSchema)
const orderListSchema = () => import('@preloved/shared/orders').then((m) => m.orderSchema.array())

export type OrderRole = 'buyer' | 'seller'

/** Orders per page of My Sales. */
export const ORDERS_PAGE_SIZE = 20

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`

/** GET /api/orders/{id} (docs/product/orders.md): its buyer, its seller or an admin; anyone else gets a 404. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => api.get(orderPath(id), orderSchema(), { signal }),
    retry: retryServerErrors, // someone else's (404) stays so
  })

/** While the live stream is down, an open order is read again this often (the other party may move it). */
const FALLBACK_MS = 30_000

/**
 * The order page reads what its loader ensured; a failed first load is the route-error screen. The other party's
 * moves (shipped, confirmed, disputed, refunded...) show without a reload: each one notifies this user, live, with a
 * link to the order, and the order is read again then; every 30 s while the stream is down.
 */
export function useOrder(id: string) {
  const queryClient = useQueryClient()
  useNotificationsAbout(
    paths.dashboard.order(id),
    () => void queryClient.invalidateQueries({ queryKey: orderQueryOptions(id).queryKey }),
  )
  return useQuery({
    ...orderQueryOptions(id),
    refetchInterval: () => (liveConnected() ? false : FALLBACK_MS),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}

/** GET /api/orders?role=buyer|seller: the caller's own orders, newest first, a page at a time (`Link` paging). */
export const myOrdersPagesQueryOptions = (role: OrderRole) =>
  infiniteQueryOptions({
    queryKey: ['orders', { role }],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(
        `/orders?${new URLSearchParams({ role, limit: String(ORDERS_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`,
        orderListSchema(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

export const useMyOrdersPages = (role: OrderRole, enabled = true) =>
  useInfiniteQuery({ ...myOrdersPagesQueryOptions(role), enabled })

/**
 * GET /api/orders?role=buyer without paging (what the screen needs): My Orders reads each paid booking's order state
 * from it by id.
 */
export const buyerOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', { role: 'buyer', all: true }],
    queryFn: ({ signal }) => api.get('/orders?role=buyer&limit=100', orderListSchema(), { signal }),
  })

export const useBuyerOrders = (enabled = true) => useQuery({ ...buyerOrdersQueryOptions(), enabled })

/** After a move: the page shows the order as the move answered it; lists and bookings are read again. */
function settle(queryClient: QueryClient, order: Order) {
  queryClient.setQueryData(orderQueryOptions(order._id).queryKey, order)
  void queryClient.invalidateQueries({
    queryKey: ['orders'],
    predicate: (query) => query.queryKey[1] !== 'detail',
  })
  void queryClient.invalidateQueries({ queryKey: ['bookings'] })
}

/** A move on one order: POST /api/orders/{id}/{move} (or PUT for the address), answering the order as it now stands. */
function useOrderMove<Body>(id: string, send: (body: Body) => Promise<Order>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => settle(queryClient, order),
    onError: () => void queryClient.invalidateQueries({ queryKey: orderQueryOptions(id).queryKey }),
  })
}

export const useShipOrder = (id: string) =>
  useOrderMove(id, (body: ShipBody) => api.post(`${orderPath(id)}/ship`, body, orderSchema()))

export const useCancelOrder = (id: string) =>
  useOrderMove(id, (_: undefined) => api.post(`${orderPath(id)}/cancel`, {}, orderSchema()))

export const useConfirmOrder = (id: string) =>
  useOrderMove(id, (_: undefined) => api.post(`${orderPath(id)}/confirm`, {}, orderSchema()))

export const useDisputeOrder = (id: string) =>
  useOrderMove(id, (body: DisputeBody) => api.post(`${orderPath(id)}/dispute`, body, orderSchema()))

export const useAnswerDispute = (id: string) =>
  useOrderMove(id, (body: AnswerBody) => api.post(`${orderPath(id)}/answer`, body, orderSchema()))

export const useOrderAddress = (id: string) =>
  useOrderMove(id, (body: Address) => api.put(`${orderPath(id)}/address`, body, orderSchema()))
