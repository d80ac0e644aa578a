import type { CounterOfferBody, CreateOfferBody, Offer } from '@preloved/shared/offers'
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { liveConnected, useLiveEvent } from '@/lib/live-events'

// Answers are checked with the shared schemas, imported when a request starts (zod stays out of the first chunk).
const offerSchema = () => import('@preloved/shared/offers').then((m) => m.offerSchema)
const offerListSchema = () => import('@preloved/shared/offers').then((m) => m.offerSchema.array())
const offerRulesSchema = () => import('@preloved/shared/offers').then((m) => m.offerRulesSchema)

export type OfferRole = 'buyer' | 'seller'

/** Offers per page of My Offers and Offers Received. */
export const OFFERS_PAGE_SIZE = 20
/** While the live stream is down, the offers are read again this often (pages stay right without it). */
const POLL_MS = 10_000
const poll = () => (liveConnected() ? false : POLL_MS)

/** GET /api/offers/rules: the lowest offer as a share of the price, and how long offers and holds last. */
export const offerRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['offers', 'rules'],
    queryFn: ({ signal }) => api.get('/offers/rules', offerRulesSchema(), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const useOfferRules = () => useQuery(offerRulesQueryOptions())

/** GET /api/offers?role=buyer|seller: the caller's offers, newest first, a page at a time (`Link` paging). */
export const myOffersPagesQueryOptions = (role: OfferRole) =>
  infiniteQueryOptions({
    queryKey: ['offers', { role }],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(
        `/offers?${new URLSearchParams({ role, limit: String(OFFERS_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`,
        offerListSchema(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

export const useMyOffersPages = (role: OfferRole) =>
  useInfiniteQuery({ ...myOffersPagesQueryOptions(role), refetchInterval: poll })

/** The buyer's own offers on one bag (the product page shows where theirs stands). */
export const productOffersQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['offers', { role: 'buyer', productId }],
    queryFn: ({ signal }) =>
      api.get(`/offers?${new URLSearchParams({ role: 'buyer', productId, limit: '5' })}`, offerListSchema(), {
        signal,
      }),
  })

/**
 * The buyer's offers on one bag, on its page: read again at once when a live 'offer' event comes (the seller's accept,
 * counter or decline, an expiry), and every 10 s while the stream is down. The event names no bag, so any of the
 * buyer's offer events reads this bag's offers again (one small request), and the bag too (an accepted offer reserves
 * it).
 */
export function useProductOffers(productId: string, enabled: boolean) {
  const queryClient = useQueryClient()
  useLiveEvent(
    'offer',
    () => {
      void queryClient.invalidateQueries({ queryKey: productOffersQueryOptions(productId).queryKey })
      void queryClient.invalidateQueries({ queryKey: ['products', 'detail', productId] })
    },
    enabled,
  )
  return useQuery({ ...productOffersQueryOptions(productId), enabled, refetchInterval: enabled ? poll : false })
}

/** A live 'offer' event (a move by the other party, an expiry): every offers list is read again. */
export function useOffersLive(enabled = true) {
  const queryClient = useQueryClient()
  useLiveEvent(
    'offer',
    () => {
      void queryClient.invalidateQueries({ queryKey: ['offers'] })
      // an accepted offer or a sale changes whether bags read 'Reserved'
      void queryClient.invalidateQueries({ queryKey: ['products'] })
    },
    enabled,
  )
}

/** After a change: every offers list, and the listings' 'Reserved', are read again. */
function settle(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['offers'] })
  void queryClient.invalidateQueries({ queryKey: ['products'] })
}

/** POST /api/offers: the buyer comes from the token; the server checks the amount against the bag's price. */
export function useMakeOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateOfferBody) => api.post('/offers', body, offerSchema()),
    onSettled: () => settle(queryClient),
  })
}

export type OfferMove = 'accept' | 'decline' | 'withdraw'

/** A move on one offer (accept, decline, withdraw), answering the offer as it now stands. */
export function useOfferMove() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: OfferMove }): Promise<Offer> =>
      api.post(`/offers/${encodeURIComponent(id)}/${move}`, {}, offerSchema()),
    onSettled: () => settle(queryClient),
  })
}

/** The seller's counter-offer (once). */
export function useCounterOffer(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CounterOfferBody) => api.post(`/offers/${encodeURIComponent(id)}/counter`, body, offerSchema()),
    onSettled: () => settle(queryClient),
  })
}
