import type { OfferStatus } from './offers.ts'
import { movesFor, type Process, type ProcessActor, type Transition } from './process.ts'

// An offer's life as data (docs/product/offers.md). Who may accept or decline depends on the state: the seller a
// pending offer, the buyer a counter-offer. So the table has a row per (route, state) pair where that differs, and
// rows that share a route share its URL. The server checks a move against it, the web offers exactly what it gives,
// and docs/product/offers.md draws it (npm run docs:diagrams).

/** The URL of a person's move: POST /api/offers/{id}/{route}. */
export const OFFER_ROUTES = ['accept', 'counter', 'decline', 'withdraw'] as const
export type OfferRoute = (typeof OFFER_ROUTES)[number]

export interface OfferTransition extends Transition<OfferStatus, never> {
  /** The route a person makes it through; none for the shop's own moves. */
  route?: OfferRoute
  /** The refusal (403) of someone else who tries it from one of its states. */
  refusal?: 'onlySeller' | 'onlyBuyer' | 'sellerDecides' | 'buyerDecides'
}

export const OFFER_MOVES = [
  'sellerAccepts',
  'counter',
  'sellerDeclines',
  'withdraw',
  'buyerAccepts',
  'buyerDeclines',
  'expire',
  'lapse',
  'declineOnSale',
] as const
export type OfferMove = (typeof OFFER_MOVES)[number]

export const OFFER_PROCESS = {
  sellerAccepts: {
    label: 'seller accepts, the bag is held',
    route: 'accept',
    from: ['pending'],
    to: ['accepted'],
    actors: ['seller'],
    refusal: 'sellerDecides',
  },
  counter: {
    label: 'seller counters, once',
    route: 'counter',
    from: ['pending'],
    to: ['countered'],
    actors: ['seller'],
    refusal: 'onlySeller',
  },
  sellerDeclines: {
    label: 'seller declines',
    route: 'decline',
    from: ['pending'],
    to: ['declined'],
    actors: ['seller'],
    refusal: 'sellerDecides',
  },
  withdraw: {
    label: 'buyer withdraws',
    route: 'withdraw',
    from: ['pending'],
    to: ['withdrawn'],
    actors: ['buyer'],
    refusal: 'onlyBuyer',
  },
  buyerAccepts: {
    label: 'buyer accepts the counter, the bag is held',
    route: 'accept',
    from: ['countered'],
    to: ['accepted'],
    actors: ['buyer'],
    refusal: 'buyerDecides',
  },
  buyerDeclines: {
    label: 'buyer declines the counter',
    route: 'decline',
    from: ['countered'],
    to: ['declined'],
    actors: ['buyer'],
    refusal: 'buyerDecides',
  },
  expire: {
    label: 'no answer in time',
    from: ['pending', 'countered'],
    to: ['expired'],
    actors: ['system'],
    deadline: 'expiresAt',
  },
  lapse: {
    label: 'not bought while held',
    from: ['accepted'],
    to: ['expired'],
    actors: ['system'],
    deadline: 'holdUntil',
  },
  declineOnSale: {
    label: 'the bag is sold or removed',
    from: ['pending', 'countered'],
    to: ['declined'],
    actors: ['system'],
  },
} as const satisfies Process<OfferStatus, OfferMove, never> & Record<OfferMove, OfferTransition>

const transition = (move: OfferMove): OfferTransition => OFFER_PROCESS[move]
const movesOf = (route: OfferRoute) => OFFER_MOVES.filter((move) => transition(move).route === route)

/** The routes a party (the offer's buyer or seller) may take on an offer in `status` now, in the table's order. */
export function offerRoutesFor(status: OfferStatus, parts: readonly ProcessActor[]): OfferRoute[] {
  const routes = movesFor(OFFER_PROCESS, status, parts, () => true).flatMap((move) => {
    const route = transition(move).route
    return route ? [route] : []
  })
  return [...new Set(routes)]
}

/**
 * Whether `parts` may take `route` on an offer in `status`, and if not, the refusal to give (403): the row of that
 * route made from this state says who; in a state no row of the route is made from, anyone who could take it in
 * another state passes here, and the state refuses them (409).
 */
export function offerRefusal(
  route: OfferRoute,
  status: OfferStatus,
  parts: readonly ProcessActor[],
): OfferTransition['refusal'] | undefined {
  const rows = movesOf(route).map(transition)
  const here = rows.filter((t) => t.from.includes(status))
  const relevant = here.length > 0 ? here : rows
  if (relevant.some((t) => t.actors.some((a) => parts.includes(a)))) return undefined
  return relevant[0]?.refusal
}

/** The state a party's route moves an offer from: the `from` of that route's row made by them (accept: the seller's
 * from pending, the buyer's from countered). */
export function offerFromState(route: OfferRoute, parts: readonly ProcessActor[]): OfferStatus | undefined {
  const move = movesOf(route).find((m) => transition(m).actors.some((a) => parts.includes(a)))
  return move ? transition(move).from[0] : undefined
}
