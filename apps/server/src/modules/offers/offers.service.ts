import { messages } from '@preloved/shared/messages'
import type { NotificationKind } from '@preloved/shared/notifications'
import { type OfferRoute, offerFromState, offerRefusal } from '@preloved/shared/offer-process'
import { type CreateOfferBody, minOfferCents, offerCents } from '@preloved/shared/offers'
import type { ProcessActor } from '@preloved/shared/process'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.ts'
import { offers, products } from '../../db/schema/index.ts'
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import type { Config } from '../../plugins/config.ts'
import { LocalLiveBus, publishLive } from '../live/live-bus.ts'
import type { Mailer } from '../mail/mail.service.ts'
import { type NotifyDeps, notify, notifyDepsOf } from '../notifications/notify.ts'
import { type ListingsChanged, listingsChanged } from '../products/list-cache.ts'
import { isBlockedBetween } from '../users/blocks.ts'
import {
  type DueOffer,
  declineOffersOnGoneBags,
  effectiveStatus,
  expireDueOffers,
  findOffer,
  findOfferView,
  lapseDueHolds,
  liveBookingOn,
  lockProduct,
  type OfferRow,
  type OfferScope,
  type OfferView,
  offerHoldOn,
} from './offers.repository.ts'

const m = messages.offers

/** MIN_OFFER_PERCENT, OFFER_HOURS and OFFER_HOLD_HOURS (docs/product/offers.md). */
export interface OfferRules {
  minPercent: number
  offerHours: number
  holdHours: number
}

export const offerRulesOf = (config: Config): OfferRules => ({
  minPercent: config.MIN_OFFER_PERCENT,
  offerHours: config.OFFER_HOURS,
  holdHours: config.OFFER_HOLD_HOURS,
})

export interface OfferDeps {
  db: Db
  /** Notifications (in the app, live, by mail) and the live bus for 'offer' events. */
  notify: NotifyDeps
  listingsChanged: ListingsChanged
  rules: OfferRules
  log?: FastifyBaseLogger | undefined
  /** Nothing is announced (the demo's past offers): no notifications, mail or live events. */
  quiet?: boolean
}

export const offerDepsOf = (app: FastifyInstance, log?: FastifyBaseLogger): OfferDeps => ({
  db: app.db,
  notify: { ...notifyDepsOf(app), log: log ?? app.log },
  listingsChanged: (ids) => listingsChanged(app, ids),
  rules: offerRulesOf(app.config),
  log: log ?? app.log,
})

const HOUR = 3_600_000
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })
const when = (d: Date) => `${dateFormat.format(d)} UTC`

/** Where each party reads their offers in the web app (notification links). */
export const OFFER_LINKS = { buyer: '/dashboard/myOffers', seller: '/dashboard/offersReceived' } as const

// ———————————————————————————————————————— announcing ————————————————————————————————————————

/** What happened to an offer, to tell its parties (after the change committed). */
export type OfferEvent =
  | 'received'
  | 'countered'
  | 'acceptedBySeller'
  | 'acceptedByBuyer'
  | 'declinedBySeller'
  | 'declinedByBuyer'
  | 'withdrawn'
  | 'expired'
  | 'declinedOnSale'

interface Note {
  to: 'buyer' | 'seller'
  kind: NotificationKind
  text: string
}

/** Who is told what for an event, in words (withdrawal only refreshes the seller's page). */
function notesFor(event: OfferEvent, v: OfferView, was?: DueOffer['was']): Note[] {
  const o = v.offer
  const title = v.title
  const offer = formatUsd(o.amountCents)
  const counter = formatUsd(o.counterCents ?? 0)
  const agreed = formatUsd(o.agreedCents ?? 0)
  const until = o.holdUntil ? when(o.holdUntil) : ''
  switch (event) {
    case 'received':
      return [{ to: 'seller', kind: 'offer_received', text: m.received(v.buyerName, offer, title) }]
    case 'countered':
      return [{ to: 'buyer', kind: 'offer_countered', text: m.countered(v.sellerName, counter, title) }]
    case 'acceptedBySeller':
      return [{ to: 'buyer', kind: 'offer_accepted', text: m.acceptedBySeller(v.sellerName, agreed, title, until) }]
    case 'acceptedByBuyer':
      return [{ to: 'seller', kind: 'offer_accepted', text: m.acceptedByBuyer(v.buyerName, agreed, title, until) }]
    case 'declinedBySeller':
      return [{ to: 'buyer', kind: 'offer_declined', text: m.declinedBySeller(v.sellerName, offer, title) }]
    case 'declinedByBuyer':
      return [{ to: 'seller', kind: 'offer_declined', text: m.declinedByBuyer(v.buyerName, counter, title) }]
    case 'withdrawn':
      return []
    case 'declinedOnSale':
      return [
        {
          to: 'buyer',
          kind: 'offer_declined',
          text: v.productStatus === 'sold' ? m.declinedSold(offer, title) : m.declinedGone(offer, title),
        },
      ]
    case 'expired':
      if (was === 'accepted')
        return [
          { to: 'buyer', kind: 'offer_expired', text: m.holdLapsedForBuyer(agreed, title) },
          { to: 'seller', kind: 'offer_expired', text: m.holdLapsedForSeller(agreed, title) },
        ]
      if (was === 'countered')
        return [
          { to: 'buyer', kind: 'offer_expired', text: m.counterExpiredForBuyer(counter, title) },
          { to: 'seller', kind: 'offer_expired', text: m.counterExpiredForSeller(counter, title) },
        ]
      return [
        { to: 'buyer', kind: 'offer_expired', text: m.expiredForBuyer(offer, title) },
        { to: 'seller', kind: 'offer_expired', text: m.expiredForSeller(offer, title) },
      ]
  }
}

/**
 * Tells an offer's parties what happened: a live 'offer' event to both (their open pages read it again), and a
 * notification (in the app, and by mail unless they turned that kind off) to whoever it concerns. Never throws.
 */
export async function announceOffer(
  deps: Pick<OfferDeps, 'db' | 'notify' | 'log' | 'quiet'>,
  offerId: string,
  event: OfferEvent,
  was?: DueOffer['was'],
) {
  if (deps.quiet) return
  try {
    const v = await findOfferView(deps.db, offerId)
    if (!v) return
    const o = v.offer
    await publishLive(deps.notify.live, deps.db, [o.buyerId, o.sellerId], 'offer', {
      offerId: o.id,
      productId: o.productId,
      status: o.status,
    })
    for (const note of notesFor(event, v, was)) {
      const userId = note.to === 'buyer' ? o.buyerId : o.sellerId
      const name = note.to === 'buyer' ? v.buyerName : v.sellerName
      const link = OFFER_LINKS[note.to]
      await notify(deps.notify, {
        userId,
        kind: note.kind,
        text: note.text,
        link,
        mail: { subject: note.text, text: m.mailText(name, note.text, `${deps.notify.publicUrl}${link}`) },
      })
    }
  } catch (err) {
    deps.log?.warn({ err, offerId, event }, 'offer change not announced')
  }
}

/** The offers a sweep (or a sale) changed, announced one by one. */
async function announceDue(
  deps: Pick<OfferDeps, 'db' | 'notify' | 'log' | 'quiet'>,
  due: DueOffer[],
  event: OfferEvent,
) {
  for (const d of due) await announceOffer(deps, d.id, event, d.was)
}

/**
 * The bag sold: its other buyers' standing offers (declined in the sale's transaction by `declineOffersOnBag`) are
 * announced to them; the buyer who bought it is not told that their own offer was declined.
 */
export async function announceDeclinedOnSale(
  deps: Pick<OfferDeps, 'db' | 'notify' | 'log'>,
  declined: DueOffer[],
  buyerId: string,
) {
  const others = declined.filter((d) => d.buyerId !== buyerId)
  await announceDue(deps, others, 'declinedOnSale')
  for (const d of declined.filter((x) => x.buyerId === buyerId)) {
    await publishLive(deps.notify.live, deps.db, [d.buyerId, d.sellerId], 'offer', {
      offerId: d.id,
      productId: d.productId,
      status: 'declined',
    }).catch(() => {})
  }
}

/**
 * What announcing needs, from the deps of the orders module (the payment that sells a bag declines its offers): the
 * app's notify deps (its live bus among them); without them (demo data), notifications are still stored and mailed.
 */
export const offerAnnouncerOf = (deps: {
  db: Db
  mailer: Mailer
  origin: string
  log?: FastifyBaseLogger | undefined
  notify?: NotifyDeps | undefined
}): Pick<OfferDeps, 'db' | 'notify' | 'log'> => ({
  db: deps.db,
  log: deps.log,
  notify: deps.notify ?? {
    db: deps.db,
    live: new LocalLiveBus(),
    mailer: deps.mailer,
    log: deps.log,
    publicUrl: deps.origin,
  },
})

// ———————————————————————————————————————— deadlines ————————————————————————————————————————

/**
 * The offers' deadlines (the sweeper in app.ts, and every read and move for its own scope): pending offers and
 * counters past OFFER_HOURS expire, accepted offers not booked by `hold_until` expire (the bag is for sale again),
 * and standing offers on bags no longer for sale are declined. Each change is claimed by a conditional UPDATE, so
 * several instances sweeping at once announce each one once.
 */
export async function sweepOffers(deps: OfferDeps, now: Date, scope?: OfferScope) {
  const expired = await expireDueOffers(deps.db, now, scope)
  const lapsed = await lapseDueHolds(deps.db, now, scope)
  const gone = await declineOffersOnGoneBags(deps.db, now, scope)
  // a hold that lapsed: the bag no longer reads 'Reserved'
  if (lapsed.length > 0) deps.listingsChanged(lapsed.map((l) => l.productId))
  await announceDue(deps, expired, 'expired')
  await announceDue(deps, lapsed, 'expired')
  await announceDue(
    deps,
    gone.filter((g) => !g.boughtIt),
    'declinedOnSale',
  )
  return { expired: expired.length, lapsed: lapsed.length, declined: gone.length }
}

// ———————————————————————————————————————— making an offer ————————————————————————————————————————

/**
 * POST /api/offers: a customer offers on someone else's bag that is for sale and not held, at least MIN_OFFER_PERCENT
 * of the price and below it; one standing offer per buyer and bag. Checked in the order of docs/product/storefront.md#status-precedence (404,
 * 403, 400, 409); the insert runs under the bag's lock, so it cannot slip past a hold being taken.
 */
export async function createOffer(deps: OfferDeps, user: CurrentUser, body: CreateOfferBody, now: Date) {
  if (!isUuid(body.productId)) throw new AppError(404, messages.products.notFound)
  const [product] = await deps.db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      status: products.status,
      priceCents: products.resellPriceCents,
    })
    .from(products)
    .where(eq(products.id, body.productId))
  if (!product || product.status === 'removed') throw new AppError(404, messages.products.notFound)
  if (product.sellerId === user.id) throw new AppError(403, m.ownBag)
  if (await isBlockedBetween(deps.db, user.id, product.sellerId)) throw new AppError(403, m.notPossible)
  const cents = offerCents(body.amount)
  const lowest = minOfferCents(product.priceCents, deps.rules.minPercent)
  if (cents >= product.priceCents)
    throw new AppError(400, m.notBelowPrice(formatUsd(product.priceCents)), { field: 'amount' })
  if (cents < lowest)
    throw new AppError(400, m.belowMinimum(formatUsd(lowest), deps.rules.minPercent), { field: 'amount' })
  if (product.status === 'sold') throw new AppError(409, m.sold)
  // this bag's deadlines that passed are applied first (an expired offer no longer stands in the way)
  await sweepOffers(deps, now, { productId: product.id })
  let id: string
  try {
    id = await deps.db.transaction(async (tx) => {
      const bag = await lockProduct(tx, product.id)
      if (!bag || bag.status === 'removed') throw new AppError(404, messages.products.notFound)
      if (bag.status === 'sold') throw new AppError(409, m.sold)
      // the price may have changed since it was read: the rules are checked again on the locked row
      if (cents >= bag.priceCents)
        throw new AppError(400, m.notBelowPrice(formatUsd(bag.priceCents)), { field: 'amount' })
      const lowestNow = minOfferCents(bag.priceCents, deps.rules.minPercent)
      if (cents < lowestNow)
        throw new AppError(400, m.belowMinimum(formatUsd(lowestNow), deps.rules.minPercent), { field: 'amount' })
      const booking = await liveBookingOn(tx, bag.id, now)
      if (booking?.status === 'paid') throw new AppError(409, m.sold)
      if (booking || (await offerHoldOn(tx, bag.id, now))) throw new AppError(409, m.held)
      await assertNoStandingOffer(tx, bag.id, user.id, now)
      const [row] = await tx
        .insert(offers)
        .values({
          productId: bag.id,
          buyerId: user.id,
          sellerId: bag.sellerId,
          status: 'pending',
          listPriceCents: bag.priceCents,
          amountCents: cents,
          expiresAt: new Date(now.getTime() + deps.rules.offerHours * HOUR),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: offers.id })
      return row!.id
    })
  } catch (err) {
    // two offers of one buyer at once: the partial unique index lets one through
    if (pgConstraint(err) === 'offer_one_open_uq') throw new AppError(409, m.alreadyOpen)
    throw err
  }
  await announceOffer(deps, id, 'received')
  return id
}

async function assertNoStandingOffer(tx: DbOrTx, productId: string, buyerId: string, now: Date) {
  const [open] = await tx
    .select({ status: offers.status })
    .from(offers)
    .where(
      and(
        eq(offers.productId, productId),
        eq(offers.buyerId, buyerId),
        inArray(offers.status, ['pending', 'countered']),
        sql`${offers.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
  if (open) throw new AppError(409, open.status === 'countered' ? m.alreadyCountered : m.alreadyOpen)
}

// ———————————————————————————————————————— the moves ————————————————————————————————————————

/** A party's move, by its route (the offer process table, packages/shared/src/offer-process.ts). */
export type OfferMove = OfferRoute

/** What a user is to an offer: its buyer or its seller (nobody else may see it). */
const partsOf = (offer: OfferRow, user: CurrentUser): ProcessActor[] => [
  ...(offer.buyerId === user.id ? (['buyer'] as const) : []),
  ...(offer.sellerId === user.id ? (['seller'] as const) : []),
]

/**
 * Status precedence before the body is read: 404 when the offer does not exist or the caller is neither its buyer nor
 * its seller (nobody else may see it), then 403 when the offer process table gives this move, in the offer's state,
 * to the other party: the seller accepts or declines a pending offer, the buyer a counter-offer; only the seller
 * counters, only the buyer withdraws. In a state no row of the move is made from, both get the 409 of the move.
 */
export async function assertOfferParty(db: Db, user: CurrentUser, id: string, move: OfferMove, now: Date) {
  const offer = isUuid(id) ? await findOffer(db, id) : undefined
  const parts = offer ? partsOf(offer, user) : []
  if (!offer || parts.length === 0) throw new AppError(404, m.notFound)
  const refusal = offerRefusal(move, effectiveStatus(offer, now), parts)
  if (refusal) throw new AppError(403, m[refusal])
  return offer
}

/** The 409 of a move the offer's state no longer allows, naming that state (a due deadline reads as expired). */
async function wrongState(tx: DbOrTx, id: string, now: Date) {
  const current = await findOffer(tx, id)
  return new AppError(409, m.wrongState(current ? effectiveStatus(current, now) : 'expired'))
}

const inTime = (now: Date) => sql`${offers.expiresAt} > ${now.toISOString()}::timestamptz`

/**
 * Accepting holds the bag for the buyer at the agreed price (the offer, or the counter) for OFFER_HOLD_HOURS. Under
 * the bag's lock: refused while the bag is sold, gone, booked by someone, or held for another accepted offer; the
 * offer moves only from the state this party accepts (one conditional UPDATE), and the partial unique index keeps one
 * accepted offer per bag whatever happens at once.
 */
async function accept(deps: OfferDeps, offer: OfferRow, from: 'pending' | 'countered', now: Date) {
  try {
    await deps.db.transaction(async (tx) => {
      const bag = await lockProduct(tx, offer.productId)
      const current = await findOffer(tx, offer.id)
      // the state first: an offer that moved meanwhile is the 409 that names its state, whatever the bag does
      if (!current || current.status !== from || current.expiresAt <= now) throw await wrongState(tx, offer.id, now)
      if (bag?.status !== 'available') throw new AppError(409, bag?.status === 'sold' ? m.sold : m.bagGone)
      if (await liveBookingOn(tx, bag.id, now)) throw new AppError(409, m.bagReserved)
      if (await offerHoldOn(tx, bag.id, now)) throw new AppError(409, m.bagHeldForOffer)
      const asked = from === 'pending' ? current.amountCents : current.counterCents!
      const moved = await tx
        .update(offers)
        .set({
          status: 'accepted',
          // never above what the bag costs now (the seller may have lowered the price since)
          agreedCents: Math.min(asked, bag.priceCents),
          holdUntil: new Date(now.getTime() + deps.rules.holdHours * HOUR),
          decidedAt: now,
          updatedAt: now,
        })
        .where(and(eq(offers.id, offer.id), eq(offers.status, from), inTime(now)))
        .returning({ id: offers.id })
      if (moved.length === 0) throw await wrongState(tx, offer.id, now)
    })
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'offer_one_accepted_uq')
      throw new AppError(409, m.bagHeldForOffer)
    throw err
  }
  // the bag now reads 'Reserved'
  deps.listingsChanged([offer.productId])
  await announceOffer(deps, offer.id, from === 'pending' ? 'acceptedBySeller' : 'acceptedByBuyer')
}

/** A plain state change in one conditional UPDATE (decline, withdraw): refused with the state when it moved. */
async function settle(
  deps: OfferDeps,
  offer: OfferRow,
  from: 'pending' | 'countered',
  to: 'declined' | 'withdrawn',
  now: Date,
) {
  await deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(offers)
      .set({ status: to, decidedAt: now, updatedAt: now })
      .where(and(eq(offers.id, offer.id), eq(offers.status, from), inTime(now)))
      .returning({ id: offers.id })
    if (moved.length === 0) throw await wrongState(tx, offer.id, now)
  })
}

/**
 * One party's move on an offer (the route checked who may make it). A deadline that passed is applied first, so a
 * move on an offer that just expired is the 409 that says so.
 */
export async function moveOffer(
  deps: OfferDeps,
  user: CurrentUser,
  id: string,
  move: OfferMove,
  body: { amount?: number } | undefined,
  now: Date,
) {
  const offer = await assertOfferParty(deps.db, user, id, move, now)
  const isSeller = offer.sellerId === user.id
  if (move === 'counter') {
    // 400 before 409: the amount is checked against the offer as it stands
    const [bag] = await deps.db
      .select({ priceCents: products.resellPriceCents })
      .from(products)
      .where(eq(products.id, offer.productId))
    const cents = offerCents(body?.amount ?? 0)
    const below = Math.min(offer.listPriceCents, bag?.priceCents ?? offer.listPriceCents)
    if (!(cents > offer.amountCents && cents < below))
      throw new AppError(400, m.counterRange(formatUsd(offer.amountCents), formatUsd(below)), { field: 'amount' })
    await sweepOffers(deps, now, { productId: offer.productId })
    await deps.db.transaction(async (tx) => {
      const bag = await lockProduct(tx, offer.productId)
      const current = await findOffer(tx, offer.id)
      if (current?.status !== 'pending' || current.expiresAt <= now) throw await wrongState(tx, offer.id, now)
      if (bag?.status !== 'available') throw new AppError(409, bag?.status === 'sold' ? m.sold : m.bagGone)
      // the price may have dropped since it was read: a counter stays below it
      const belowNow = Math.min(offer.listPriceCents, bag.priceCents)
      if (cents >= belowNow)
        throw new AppError(400, m.counterRange(formatUsd(offer.amountCents), formatUsd(belowNow)), { field: 'amount' })
      const moved = await tx
        .update(offers)
        .set({
          status: 'countered',
          counterCents: cents,
          counteredAt: now,
          // the counter stands OFFER_HOURS from now
          expiresAt: new Date(now.getTime() + deps.rules.offerHours * HOUR),
          updatedAt: now,
        })
        .where(
          and(eq(offers.id, offer.id), eq(offers.status, 'pending'), sql`${offers.counterCents} is null`, inTime(now)),
        )
        .returning({ id: offers.id })
      if (moved.length === 0) throw await wrongState(tx, offer.id, now)
    })
    await announceOffer(deps, offer.id, 'countered')
    return
  }
  await sweepOffers(deps, now, { productId: offer.productId })
  if (move === 'withdraw') {
    await settle(deps, offer, 'pending', 'withdrawn', now)
    await announceOffer(deps, offer.id, 'withdrawn')
    return
  }
  // accept and decline: the seller's on a pending offer, the buyer's on a counter-offer (the table's rows)
  const from = offerFromState(move, partsOf(offer, user)) as 'pending' | 'countered'
  if (move === 'accept') return accept(deps, offer, from, now)
  await settle(deps, offer, from, 'declined', now)
  await announceOffer(deps, offer.id, isSeller ? 'declinedBySeller' : 'declinedByBuyer')
}
