import type { Address } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import type { OrderMail, OrderMove, OrderPersonMove } from '@preloved/shared/order-process'
import type {
  AnswerBody,
  CancelBody,
  DisputeBody,
  DisputeReason,
  OrderActor,
  RefundBody,
  ResolveBody,
  ShipBody,
} from '@preloved/shared/orders'
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.ts'
import { auditLog, bookings, ledgerEntries, orders, payments, products, refunds } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { dollarsToCents, formatUsd } from '../../lib/money.ts'
import { isUuid } from '../../lib/paging.ts'
import type { Config } from '../../plugins/config.ts'
import type { ImageStore } from '../images/image-store.ts'
import { DISPLAY_PHOTO_SUFFIX, mayUsePhoto } from '../images/images.service.ts'
import type { Mailer } from '../mail/mail.service.ts'
import { type NotifyDeps, notify, notifyDepsOf } from '../notifications/notify.ts'
import { type DiscountRules, discountRulesOf } from '../payments/discount.ts'
import { refundThroughProvider } from '../payments/refunds.ts'
import type { StripeGateway } from '../payments/stripe-gateway.ts'
import { type ListingsChanged, listingsChanged } from '../products/list-cache.ts'
import { flagLinkedOrder } from '../risk/linked.ts'
import { queueListingMatch } from '../saved-searches/saved-searches.repository.ts'
import { orderLedger, paymentEntries, refundEntries } from './ledger.ts'
import { allowedNow, assertLanded, assertMail, dueMove, dueWhere, mayMake } from './order-process.ts'
import {
  addEvent,
  findOrder,
  findOrderView,
  lockOrder,
  lockOrderSkipLocked,
  type OrderRow,
  refundedCents,
  type Viewer,
} from './orders.repository.ts'

const m = messages.orderMoves
const mail = messages.orderMail
const DAY = 86_400_000
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY)

/**
 * SHIP_DAYS, AUTO_COMPLETE_DAYS and COMMISSION_PERCENT, stored on each order when it is paid; the first-order
 * discount's cap, and the new-seller reserve applied when an order completes (docs/decisions/029).
 */
export interface OrderRules extends DiscountRules {
  shipDays: number
  autoCompleteDays: number
  newSellerHoldDays: number
}

export const orderRulesOf = (
  config: Pick<
    Config,
    'COMMISSION_PERCENT' | 'SHIP_DAYS' | 'AUTO_COMPLETE_DAYS' | 'FIRST_ORDER_DISCOUNT_MAX' | 'NEW_SELLER_HOLD_DAYS'
  >,
): OrderRules => ({
  ...discountRulesOf(config),
  shipDays: config.SHIP_DAYS,
  autoCompleteDays: config.AUTO_COMPLETE_DAYS,
  newSellerHoldDays: config.NEW_SELLER_HOLD_DAYS,
})

/** What the moves need besides the database: mail, the card processors, the listing caches, links. */
export interface OrderDeps {
  db: Db
  mailer: Mailer
  stripe: StripeGateway | undefined
  images: ImageStore
  listingsChanged: ListingsChanged
  /** The shop's origin for links in mail (PUBLIC_URL, or the local address). */
  origin: string
  rules: OrderRules
  log?: FastifyBaseLogger
  /** In-app notifications of order moves; none while seeding demo data. */
  notify?: NotifyDeps | undefined
}

/** The deps of the app's orders: its database, mailer, processors and caches, and the configured rules. */
export const orderDepsOf = (app: FastifyInstance, log?: FastifyBaseLogger): OrderDeps => ({
  db: app.db,
  mailer: app.mailer,
  stripe: app.stripe,
  images: app.images,
  listingsChanged: (ids) => listingsChanged(app, ids),
  origin: app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`,
  rules: orderRulesOf(app.config),
  log: log ?? app.log,
  notify: notifyDepsOf(app),
})

/** A move's work after its transaction committed: mail, caches. */
type Effect = () => Promise<void>

interface MoveCtx {
  deps: OrderDeps
  now: Date
  effects: Effect[]
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })
const when = (d: Date) => `${dateFormat.format(d)} UTC`

const DISPUTE_WORDS: Record<DisputeReason, string> = {
  not_received: 'not received',
  not_as_described: 'not as described',
  counterfeit: 'counterfeit',
  damaged: 'damaged',
}

// ———————————————————————————————————————— mail ————————————————————————————————————————

type MailKind =
  | 'receipt'
  | 'sold'
  | 'addressAdded'
  | 'reminder'
  | 'shipped'
  | 'completed'
  | 'disputed'
  | { refunded: { cents: number; why: string } }
  | { cancelled: string }
  | { resolved: string }

/** Sends an order's mail after its move committed; a mail that fails is logged, never undoes the move. */
export async function sendOrderMail(deps: OrderDeps, orderId: string, kinds: MailKind[]) {
  const view = await findOrderView(deps.db, orderId)
  if (!view) return
  const o = view.order
  const link = `${deps.origin}/dashboard/orders/${o.id}`
  const title = view.productTitle
  const toBuyer = (subject: string, text: string) => ({ to: view.buyerEmail, subject, text, userId: o.buyerId })
  const toSeller = (subject: string, text: string) => ({ to: view.sellerEmail, subject, text, userId: o.sellerId })
  const out: { to: string; subject: string; text: string; userId: string }[] = []
  for (const kind of kinds) {
    if (kind === 'receipt')
      out.push(
        toBuyer(
          mail.receiptSubject(title),
          mail.receipt({
            name: view.buyerName,
            title,
            price: formatUsd(o.priceCents),
            shipping: formatUsd(o.shippingCents),
            discount: formatUsd(o.discountCents),
            total: formatUsd(o.amountPaidCents),
            orderId: o.id,
            link,
            awaitingAddress: o.address === null,
          }),
        ),
      )
    else if (kind === 'sold')
      out.push(
        toSeller(
          mail.soldSubject(title),
          mail.sold({ name: view.sellerName, title, shipBy: o.shipBy ? when(o.shipBy) : null, link }),
        ),
      )
    else if (kind === 'addressAdded' && o.shipBy)
      out.push(
        toSeller(
          mail.addressSubject(title),
          mail.address({ name: view.sellerName, title, shipBy: when(o.shipBy), link }),
        ),
      )
    else if (kind === 'reminder' && o.shipBy)
      out.push(
        toSeller(
          mail.reminderSubject(title),
          mail.reminder({ name: view.sellerName, title, shipBy: when(o.shipBy), link }),
        ),
      )
    else if (kind === 'shipped' && o.carrier && o.trackingNumber && o.autoCompleteAt)
      out.push(
        toBuyer(
          mail.shippedSubject(title),
          mail.shipped({
            name: view.buyerName,
            title,
            carrier: o.carrier,
            tracking: o.trackingNumber,
            autoCompleteAt: when(o.autoCompleteAt),
            link,
          }),
        ),
      )
    else if (kind === 'completed') {
      const ledger = await orderLedger(deps.db, o.id, o.sellerId)
      out.push(toBuyer(mail.completedBuyerSubject(title), mail.completedBuyer({ name: view.buyerName, title, link })))
      out.push(
        toSeller(
          mail.completedSellerSubject(title),
          mail.completedSeller({ name: view.sellerName, title, amount: formatUsd(ledger.sellerCents), link }),
        ),
      )
    } else if (kind === 'disputed' && o.disputeReason)
      out.push(
        toSeller(
          mail.disputedSubject(title),
          mail.disputed({ name: view.sellerName, title, reason: DISPUTE_WORDS[o.disputeReason], link }),
        ),
      )
    else if (typeof kind === 'object' && 'refunded' in kind)
      out.push(
        toBuyer(
          mail.refundedSubject(title),
          mail.refunded({
            name: view.buyerName,
            title,
            amount: formatUsd(kind.refunded.cents),
            why: kind.refunded.why,
            link,
          }),
        ),
      )
    else if (typeof kind === 'object' && 'cancelled' in kind)
      out.push(
        toSeller(
          mail.cancelledSellerSubject(title),
          mail.cancelledSeller({ name: view.sellerName, title, why: kind.cancelled, link }),
        ),
      )
    else if (typeof kind === 'object' && 'resolved' in kind) {
      out.push(
        toBuyer(
          mail.resolvedSubject(title),
          mail.resolved({ name: view.buyerName, title, outcome: kind.resolved, link }),
        ),
      )
      out.push(
        toSeller(
          mail.resolvedSubject(title),
          mail.resolved({ name: view.sellerName, title, outcome: kind.resolved, link }),
        ),
      )
    }
  }
  for (const message of out) {
    await deps.mailer
      .send({ ...message, kind: 'order' })
      .catch((err: unknown) => deps.log?.warn({ err, orderId }, 'order mail not sent'))
    // the same news under the bell, linking to the order (mailed above: order updates are always mailed)
    if (deps.notify)
      await notify(deps.notify, {
        userId: message.userId,
        kind: 'order',
        text: message.subject,
        link: `/dashboard/orders/${o.id}`,
      })
  }
}

/** The mail of a committed move, sent after the commit; only the mail the process table lists for the move. */
function mailLater(ctx: MoveCtx, move: OrderMove, orderId: string, kinds: MailKind[]) {
  assertMail(
    move,
    kinds
      .map((k) => (typeof k === 'string' ? k : (Object.keys(k)[0] as OrderMail)))
      .filter((k) => k !== 'receipt' && k !== 'sold' && k !== 'reminder') as OrderMail[],
  )
  ctx.effects.push(() => sendOrderMail(ctx.deps, orderId, kinds))
}

// ———————————————————————————————————————— payment ————————————————————————————————————————

/**
 * The order of a payment that just succeeded, written in the payment's own transaction: the order row (its rules
 * stored on it), its ledger entries and the first timeline entry. The ship-by clock starts only with an address.
 */
export async function createPaidOrder(
  tx: DbOrTx,
  p: {
    bookingId: string
    paymentId: string
    productId: string
    sellerId: string
    buyerId: string
    bookingPriceCents: number
    address: Address | null
    amountCents: number
    discountCents: number
  },
  rules: OrderRules,
  now: Date,
) {
  // what the charge covered: the booked price, then shipping (the listing's when the payment was opened)
  let priceCents = p.bookingPriceCents
  let shippingCents = p.amountCents + p.discountCents - priceCents
  if (shippingCents < 0) {
    priceCents = p.amountCents + p.discountCents
    shippingCents = 0
  }
  const [order] = await tx
    .insert(orders)
    .values({
      id: p.bookingId,
      paymentId: p.paymentId,
      productId: p.productId,
      buyerId: p.buyerId,
      sellerId: p.sellerId,
      status: 'paid',
      priceCents,
      shippingCents,
      amountPaidCents: p.amountCents,
      discountCents: p.discountCents,
      commissionPercent: rules.commissionPercent,
      shipDays: rules.shipDays,
      autoCompleteDays: rules.autoCompleteDays,
      shipBy: p.address ? addDays(now, rules.shipDays) : null,
      address: p.address,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await tx.insert(ledgerEntries).values(paymentEntries(order!, now))
  // a buyer and a seller who look like one person: the admin is told, and the payout may wait for them
  await flagLinkedOrder(tx, order!, now)
  await addEvent(tx, {
    orderId: order!.id,
    status: 'paid',
    actorId: p.buyerId,
    actorRole: 'buyer',
    note: p.address ? m.notePaid : m.notePaidAwaitingAddress,
    at: now,
  })
  return order!
}

// ———————————————————————————————————————— money moves ————————————————————————————————————————

const transactionOf = async (tx: DbOrTx, paymentId: string) =>
  (await tx.select({ transactionId: payments.transactionId }).from(payments).where(eq(payments.id, paymentId)))[0]!
    .transactionId

/**
 * Gives `amountCents` back to the buyer through the processor that charged, with the refund row and its ledger
 * entries, on the locked order. A key already used answers its refund again (a repeated request is a no-op).
 */
async function recordRefund(
  ctx: MoveCtx,
  tx: DbOrTx,
  o: OrderRow,
  r: { amountCents: number; reason: string; actorId: string | null; idempotencyKey: string },
) {
  const [again] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, r.idempotencyKey))
  if (again) return { refund: again, repeated: true, full: false }
  const given = await refundedCents(tx, o.id)
  const left = o.amountPaidCents - given
  if (r.amountCents > left) throw new AppError(400, m.refundTooMuch(formatUsd(left)))
  const provider = await refundThroughProvider(
    tx,
    ctx.deps.stripe,
    await transactionOf(tx, o.paymentId),
    r.amountCents,
    r.idempotencyKey,
    r.reason,
    ctx.deps.log,
  )
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: o.id,
      amountCents: r.amountCents,
      reason: r.reason,
      actorId: r.actorId,
      provider: provider.provider,
      providerRef: provider.providerRef,
      idempotencyKey: r.idempotencyKey,
      createdAt: ctx.now,
    })
    .returning()
  const current = await orderLedger(tx, o.id, o.sellerId)
  const entries = refundEntries(o, current, given + r.amountCents, refund!.id, ctx.now)
  if (entries.length > 0) await tx.insert(ledgerEntries).values(entries)
  const full = given + r.amountCents >= o.amountPaidCents
  // refunded in full: the payment no longer counts as the buyer's first order (their discount is theirs again)
  if (full) await tx.update(payments).set({ refundedAt: ctx.now }).where(eq(payments.id, o.paymentId))
  return { refund: refund!, repeated: false, full }
}

interface Close {
  /** The move that closes it (its mail is checked against the process table). */
  move: OrderMove
  status: 'cancelled' | 'refunded'
  actorId: string | null
  actorRole: OrderActor
  note: string
  /** Why, for the refund row and the mail. */
  reason: string
  idempotencyKey: string
  at: Date
}

/**
 * Cancels or refunds an order in full, on the locked order: what is left of the payment goes back to the buyer, the
 * ledger is reversed, the booking is cancelled and the payment marked refunded (the buyer's first-order discount is
 * theirs again); a bag that was never shipped is for sale again.
 */
async function closeWithFullRefund(ctx: MoveCtx, tx: DbOrTx, o: OrderRow, c: Close) {
  const left = o.amountPaidCents - (await refundedCents(tx, o.id))
  if (left > 0) {
    await recordRefund(ctx, tx, o, {
      amountCents: left,
      reason: c.reason,
      actorId: c.actorId,
      idempotencyKey: c.idempotencyKey,
    })
  } else {
    await tx.update(payments).set({ refundedAt: ctx.now }).where(eq(payments.id, o.paymentId))
  }
  const moved = await tx
    .update(orders)
    .set({
      status: c.status,
      ...(c.status === 'cancelled' ? { cancelledAt: c.at } : { refundedAt: c.at }),
      updatedAt: ctx.now,
    })
    .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
    .returning({ id: orders.id })
  if (moved.length === 0) throw new AppError(409, m.wrongState(o.status))
  await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.id, o.id), eq(bookings.status, 'paid')))
  if (!o.shippedAt) {
    await tx
      .update(products)
      .set({ status: 'available' })
      .where(and(eq(products.id, o.productId), eq(products.status, 'sold')))
    ctx.effects.push(async () => ctx.deps.listingsChanged([o.productId]))
    // for sale again: it waits, in this transaction, for the saved searches' matching job (decision 033)
    await queueListingMatch(tx, o.productId)
  }
  await addEvent(tx, {
    orderId: o.id,
    status: c.status,
    actorId: c.actorId,
    actorRole: c.actorRole,
    note: c.note,
    at: c.at,
  })
  mailLater(ctx, c.move, o.id, [
    { refunded: { cents: left, why: c.reason } },
    ...(c.status === 'cancelled' ? [{ cancelled: c.reason }] : [{ resolved: m.noteRefunded(formatUsd(left)) }]),
  ])
}

/** A seller's first completed sales whose money waits NEW_SELLER_HOLD_DAYS before payout (docs/decisions/029). */
export const NEW_SELLER_SALES = 3

/**
 * When the seller's share of an order completing at `at` may be paid out: at once, unless it is one of the seller's
 * first NEW_SELLER_SALES completed sales, whose money waits `holdDays` more (what a stolen card's chargeback needs to
 * arrive before the money leaves).
 */
async function availableAtOf(tx: DbOrTx, sellerId: string, orderId: string, at: Date, holdDays: number) {
  if (holdDays <= 0) return at
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), eq(orders.status, 'completed'), sql`${orders.id} <> ${orderId}`))
  return Number(row?.n ?? 0) < NEW_SELLER_SALES ? addDays(at, holdDays) : at
}

async function complete(
  ctx: MoveCtx,
  tx: DbOrTx,
  o: OrderRow,
  actorId: string | null,
  actorRole: OrderActor,
  note: string,
  at: Date,
) {
  const availableAt = await availableAtOf(tx, o.sellerId, o.id, at, ctx.deps.rules.newSellerHoldDays)
  const moved = await tx
    .update(orders)
    .set({ status: 'completed', completedAt: at, availableAt, updatedAt: ctx.now })
    .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
    .returning({ id: orders.id })
  if (moved.length === 0) throw new AppError(409, m.wrongState(o.status))
  await addEvent(tx, { orderId: o.id, status: 'completed', actorId, actorRole, note, at })
}

/**
 * The deadline due on the locked order at `now`, applied: a paid order past its ship-by date is cancelled and
 * refunded; a shipped one past its auto-completion date completes. Answers the order as it then stands.
 */
async function applyDueLocked(ctx: MoveCtx, tx: DbOrTx, o: OrderRow): Promise<OrderRow> {
  const due = dueMove(o, ctx.now)
  if (due?.move === 'shipDeadline') {
    await closeWithFullRefund(ctx, tx, o, {
      move: 'shipDeadline',
      status: 'cancelled',
      actorId: null,
      actorRole: 'system',
      note: m.noteShipDeadline,
      reason: 'not shipped by the ship-by date',
      idempotencyKey: `order-${o.id}-ship-deadline`,
      at: due.at,
    })
  } else if (due?.move === 'autoComplete') {
    await complete(ctx, tx, o, null, 'system', m.noteAutoCompleted(o.autoCompleteDays), due.at)
    mailLater(ctx, 'autoComplete', o.id, ['completed'])
  } else {
    return o
  }
  const after = (await findOrder(tx, o.id))!
  assertLanded(due.move, o.status, after.status)
  return after
}

/** Runs the effects of committed moves (mail, caches); a failure is logged, never thrown. */
async function runEffects(ctx: MoveCtx) {
  for (const effect of ctx.effects) {
    await effect().catch((err: unknown) => ctx.deps.log?.warn({ err }, 'after an order move'))
  }
}

/**
 * One move: a transaction on the order's locked row, with any deadline due applied first (so a move a deadline
 * already decided answers 409 naming the new state), then `fn`; its mail after the commit.
 */
async function move(
  deps: OrderDeps,
  name: OrderPersonMove,
  id: string,
  now: Date,
  fn: (ctx: MoveCtx, tx: DbOrTx, o: OrderRow) => Promise<void>,
) {
  const ctx: MoveCtx = { deps, now, effects: [] }
  if (!isUuid(id)) throw new AppError(404, m.notFound)
  const decided = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, id)
    if (!locked) throw new AppError(404, m.notFound)
    const o = await applyDueLocked(ctx, tx, locked)
    // a deadline moved it first: that move is kept (committed), this one is refused below
    if (o.status !== locked.status) return o.status
    await fn(ctx, tx, o)
    assertLanded(name, o.status, (await findOrder(tx, id))!.status)
    return undefined
  })
  await runEffects(ctx)
  if (decided) {
    logDeadlineMove(deps, id, decided, 'move')
    throw new AppError(409, m.wrongState(decided))
  }
}

/** A deadline applied outside the sweeper (which logs its own counts), in the sweeper's words. */
const logDeadlineMove = (deps: OrderDeps, id: string, status: string, on: 'read' | 'move') =>
  deps.log?.info(
    { cancelled: status === 'cancelled' ? 1 : 0, completed: status === 'completed' ? 1 : 0, orderId: id, on },
    'order deadlines applied',
  )

/**
 * Applies the deadline due on one order, if any (GET reads it first, so a stopped server catches up). A move made here
 * is logged like the sweeper's ("order deadlines applied"), so the log counts every deadline move once.
 */
export async function applyDue(deps: OrderDeps, id: string, now: Date) {
  const ctx: MoveCtx = { deps, now, effects: [] }
  const moved = await deps.db.transaction(async (tx) => {
    const o = await lockOrderSkipLocked(tx, id)
    if (!o) return undefined
    const after = await applyDueLocked(ctx, tx, o)
    return after.status !== o.status ? after.status : undefined
  })
  await runEffects(ctx)
  if (moved) logDeadlineMove(deps, id, moved, 'read')
}

/** Applies the deadlines due on the orders of a user (their list reads them first). */
export async function applyDueOf(deps: OrderDeps, userId: string, now: Date) {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)), dueWhere(now)))
    .limit(50)
  for (const { id } of due) await applyDue(deps, id, now)
}

// ———————————————————————————————————————— who may ————————————————————————————————————————

/**
 * Who may see and move an order (docs/product/storefront.md#status-precedence), from the process table: someone who is
 * neither its buyer, its seller nor an admin gets 404 (the order is not theirs to see); a party the table does not
 * let make this move gets 403.
 */
export async function assertParty(db: DbOrTx, user: Viewer, id: string, move: OrderPersonMove | 'read' | 'admin') {
  const o = isUuid(id) ? await findOrder(db, id) : undefined
  mayMake(o, user, move)
  return o!
}

// ———————————————————————————————————————— the moves ————————————————————————————————————————

const audit = (
  tx: DbOrTx,
  a: {
    actorId: string
    action: string
    orderId: string
    reason: string | null
    detail?: Record<string, unknown>
    at: Date
  },
) =>
  tx.insert(auditLog).values({
    actorId: a.actorId,
    action: a.action,
    orderId: a.orderId,
    reason: a.reason,
    detail: a.detail ?? {},
    createdAt: a.at,
  })

/** Dispute and answer photos: display-size photos of our store that the user uploaded (or has on a listing). */
async function checkPhotos(deps: OrderDeps, userId: string, urls: string[] | undefined) {
  const list = urls ?? []
  if (new Set(list).size !== list.length) throw new AppError(400, messages.listings.photoTwice)
  for (const url of list) {
    const key = deps.images.keyOf(url)
    if (!key?.endsWith(DISPLAY_PHOTO_SUFFIX)) throw new AppError(400, messages.listings.photoNotOurs)
    if (!(await mayUsePhoto(deps.db, key, url, userId))) throw new AppError(403, messages.products.photoNotYours)
  }
  return list
}

/** The seller marks a paid order shipped (carrier, tracking number): the auto-completion clock starts. */
export async function shipOrder(deps: OrderDeps, user: Viewer, id: string, body: ShipBody, now: Date) {
  await move(deps, 'ship', id, now, async (ctx, tx, o) => {
    mayMake(o, user, 'ship')
    allowedNow(o, 'ship')
    await tx
      .update(orders)
      .set({
        status: 'shipped',
        shippedAt: now,
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        autoCompleteAt: addDays(now, o.autoCompleteDays),
        updatedAt: now,
      })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'paid')))
    await addEvent(tx, {
      orderId: o.id,
      status: 'shipped',
      actorId: user.id,
      actorRole: 'seller',
      note: m.noteShipped(body.carrier, body.trackingNumber),
      at: now,
    })
    mailLater(ctx, 'ship', o.id, ['shipped'])
  })
}

/** The buyer's "Everything is OK": a shipped order completes and the seller's money becomes available. */
export async function confirmOrder(deps: OrderDeps, user: Viewer, id: string, now: Date) {
  await move(deps, 'confirm', id, now, async (ctx, tx, o) => {
    mayMake(o, user, 'confirm')
    allowedNow(o, 'confirm')
    await complete(ctx, tx, o, user.id, 'buyer', m.noteConfirmed, now)
    mailLater(ctx, 'confirm', o.id, ['completed'])
  })
}

/** The buyer reports a problem with a shipped order (before it completes): the money is held for an admin. */
export async function disputeOrder(deps: OrderDeps, user: Viewer, id: string, body: DisputeBody, now: Date) {
  const photos = await checkPhotos(deps, user.id, body.photos)
  await move(deps, 'dispute', id, now, async (ctx, tx, o) => {
    mayMake(o, user, 'dispute')
    allowedNow(o, 'dispute')
    await tx
      .update(orders)
      .set({
        status: 'disputed',
        disputedAt: now,
        disputeReason: body.reason,
        disputeNote: body.note,
        disputePhotos: photos,
        updatedAt: now,
      })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'shipped')))
    await addEvent(tx, {
      orderId: o.id,
      status: 'disputed',
      actorId: user.id,
      actorRole: 'buyer',
      note: `Problem reported: ${DISPUTE_WORDS[body.reason]}`,
      at: now,
    })
    mailLater(ctx, 'dispute', o.id, ['disputed'])
  })
}

/** The seller's side of a dispute (note and photos); the latest answer is kept, each one is on the timeline. */
export async function answerDispute(deps: OrderDeps, user: Viewer, id: string, body: AnswerBody, now: Date) {
  const photos = await checkPhotos(deps, user.id, body.photos)
  await move(deps, 'answer', id, now, async (_ctx, tx, o) => {
    mayMake(o, user, 'answer')
    allowedNow(o, 'answer')
    await tx
      .update(orders)
      .set({ answerNote: body.note, answerPhotos: photos, updatedAt: now })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'disputed')))
    await addEvent(tx, {
      orderId: o.id,
      status: 'disputed',
      actorId: user.id,
      actorRole: 'seller',
      note: m.noteAnswered,
      at: now,
    })
  })
}

/** The buyer gives (or changes) the delivery address of a paid order; the first one starts the seller's clock. */
export async function setOrderAddress(deps: OrderDeps, user: Viewer, id: string, address: Address, now: Date) {
  await move(deps, 'address', id, now, async (ctx, tx, o) => {
    mayMake(o, user, 'address')
    allowedNow(o, 'address')
    const starts = o.shipBy === null
    await tx
      .update(orders)
      .set({ address, ...(starts ? { shipBy: addDays(now, o.shipDays), reminderSentAt: null } : {}), updatedAt: now })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'paid')))
    await addEvent(tx, {
      orderId: o.id,
      status: 'paid',
      actorId: user.id,
      actorRole: 'buyer',
      note: starts ? m.noteAddressAdded : m.noteAddressChanged,
      at: now,
    })
    if (starts) mailLater(ctx, 'address', o.id, ['addressAdded'])
  })
}

/**
 * The seller cancels a paid order (or an admin does, with a reason): the buyer is refunded in full and the bag is for
 * sale again.
 */
export async function cancelOrder(deps: OrderDeps, user: Viewer, id: string, body: CancelBody | null, now: Date) {
  const isAdmin = user.role === 'admin'
  const reason = body?.reason?.trim() || undefined
  if (isAdmin && !reason) throw new AppError(400, m.adminReasonRequired)
  await move(deps, 'cancel', id, now, async (ctx, tx, o) => {
    const byAdmin = !mayMake(o, user, 'cancel').includes('seller')
    allowedNow(o, 'cancel')
    await closeWithFullRefund(ctx, tx, o, {
      move: 'cancel',
      status: 'cancelled',
      actorId: user.id,
      actorRole: byAdmin ? 'admin' : 'seller',
      note: reason ? `${byAdmin ? m.noteAdminCancelled : m.noteSellerCancelled}: ${reason}` : m.noteSellerCancelled,
      reason: reason ?? 'cancelled by the seller',
      idempotencyKey: `order-${o.id}-cancel`,
      at: now,
    })
    if (byAdmin) await audit(tx, { actorId: user.id, action: 'cancel', orderId: o.id, reason: reason ?? null, at: now })
  })
}

/** The refund's idempotency key: the client's Idempotency-Key header (scoped to the order), or one per amount and count. */
async function refundKey(tx: DbOrTx, o: OrderRow, clientKey: string | undefined, cents: number) {
  if (clientKey) return `order-${o.id}-key-${clientKey}`
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.orderId, o.id))
  return `order-${o.id}-refund-${Number(row?.n ?? 0) + 1}-${cents}`
}

/** What a money move sent with an Idempotency-Key asked for: the key stands for this request and no other. */
interface KeyedRequest {
  action: 'refund' | 'resolve'
  outcome?: 'release' | 'refund'
  /** Cents asked for; null: in full. */
  amountCents: number | null
  reason: string
}

const keyedRequest = (
  action: KeyedRequest['action'],
  body: { amount?: number | undefined; outcome?: KeyedRequest['outcome']; reason: string },
): KeyedRequest => ({
  action,
  ...(body.outcome ? { outcome: body.outcome } : {}),
  amountCents: body.amount === undefined ? null : dollarsToCents(body.amount),
  reason: body.reason,
})

/** The audit detail that remembers a keyed request, so that the key can be checked when it comes again. */
const keyedDetail = (clientKey: string | undefined, request: KeyedRequest) =>
  clientKey ? { idempotencyKey: clientKey, request } : {}

/** How two requests under one key differ, in words; undefined when they ask for the same. */
function keyedDifference(first: KeyedRequest, again: KeyedRequest): string | undefined {
  const amount = (cents: number | null) => (cents === null ? 'in full' : formatUsd(cents))
  const what = (r: KeyedRequest) => (r.action === 'refund' ? 'a refund' : 'a dispute resolution')
  const differences = [
    first.action !== again.action ? `it made ${what(first)}, this is ${what(again)}` : undefined,
    first.outcome !== again.outcome
      ? `outcome ${first.outcome ?? 'none'} then, ${again.outcome ?? 'none'} now`
      : undefined,
    first.amountCents !== again.amountCents
      ? `amount ${amount(first.amountCents)} then, ${amount(again.amountCents)} now`
      : undefined,
    first.reason !== again.reason ? 'another reason' : undefined,
  ].filter(Boolean)
  return differences.length > 0 ? differences.join('; ') : undefined
}

/**
 * A client key already used on this order (decision 031): the same request again is answered as the first was, with
 * nothing done twice (true); another request under the same key is a 422 naming the key and what differs, as Stripe
 * answers it. Keys are compared with the request the audit log kept, or (for a refund made before requests were kept)
 * with the refund's amount.
 */
async function alreadyDone(tx: DbOrTx, o: OrderRow, clientKey: string | undefined, request: KeyedRequest) {
  if (!clientKey) return false
  const [audited] = await tx
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.orderId, o.id), sql`${auditLog.detail}->>'idempotencyKey' = ${clientKey}`))
    .limit(1)
  const first = audited?.detail.request as KeyedRequest | undefined
  if (first) {
    const difference = keyedDifference(first, request)
    if (difference) throw new AppError(422, m.idempotencyKeyReused(clientKey, difference))
    return true
  }
  const [refund] = await tx
    .select({ amountCents: refunds.amountCents })
    .from(refunds)
    .where(eq(refunds.idempotencyKey, `order-${o.id}-key-${clientKey}`))
  if (!refund) return false
  if (request.amountCents !== null && request.amountCents !== refund.amountCents) {
    const difference = `amount ${formatUsd(refund.amountCents)} then, ${formatUsd(request.amountCents)} now`
    throw new AppError(422, m.idempotencyKeyReused(clientKey, difference))
  }
  return true
}

/** The refund's amount in cents, checked against what is left to refund (400 above it). */
async function refundAmount(tx: DbOrTx, o: OrderRow, amount: number | undefined) {
  const left = o.amountPaidCents - (await refundedCents(tx, o.id))
  if (amount === undefined) return { cents: left, left }
  const cents = dollarsToCents(amount)
  if (cents > left && left > 0) throw new AppError(400, m.refundTooMuch(formatUsd(left)))
  return { cents, left }
}

/**
 * An admin refunds a paid or shipped order: in full without `amount` (the order is then refunded), or in part (it
 * stays where it is; the seller keeps the rest, commission taken on what is left). Audited with the admin's reason.
 */
export async function refundOrder(
  deps: OrderDeps,
  admin: Viewer,
  id: string,
  body: RefundBody,
  now: Date,
  clientKey?: string,
) {
  await move(deps, 'refund', id, now, async (ctx, tx, o) => {
    mayMake(o, admin, 'refund')
    const request = keyedRequest('refund', body)
    if (await alreadyDone(tx, o, clientKey, request)) return
    const { cents, left } = await refundAmount(tx, o, body.amount)
    allowedNow(o, 'refund', { refundLeft: left > 0 })
    const key = await refundKey(tx, o, clientKey, cents)
    if (cents >= left) {
      await closeWithFullRefund(ctx, tx, o, {
        move: 'refund',
        status: 'refunded',
        actorId: admin.id,
        actorRole: 'admin',
        note: `${m.noteRefunded(formatUsd(left))}: ${body.reason}`,
        reason: body.reason,
        idempotencyKey: key,
        at: now,
      })
    } else {
      await recordRefund(ctx, tx, o, {
        amountCents: cents,
        reason: body.reason,
        actorId: admin.id,
        idempotencyKey: key,
      })
      await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, o.id))
      await addEvent(tx, {
        orderId: o.id,
        status: o.status,
        actorId: admin.id,
        actorRole: 'admin',
        note: `${m.noteRefunded(formatUsd(cents))}: ${body.reason}`,
        at: now,
      })
      mailLater(ctx, 'refund', o.id, [{ refunded: { cents, why: body.reason } }])
    }
    await audit(tx, {
      actorId: admin.id,
      action: 'refund',
      orderId: o.id,
      reason: body.reason,
      detail: { amountCents: cents, ...keyedDetail(clientKey, request) },
      at: now,
    })
  })
}

/**
 * An admin resolves a dispute: release (completed; the seller is paid), refund in full (refunded), or refund in part
 * (completed; the seller gets the rest, commission on what is left). Audited with the admin's reason.
 */
export async function resolveDispute(
  deps: OrderDeps,
  admin: Viewer,
  id: string,
  body: ResolveBody,
  now: Date,
  clientKey?: string,
) {
  if (body.outcome === 'release' && body.amount !== undefined) throw new AppError(400, m.amountOnlyWithRefund)
  const reason = body.reason?.trim()
  if (!reason) throw new AppError(400, m.adminReasonRequired)
  await move(deps, 'resolve', id, now, async (ctx, tx, o) => {
    mayMake(o, admin, 'resolve')
    const request = keyedRequest('resolve', { ...body, reason })
    if (await alreadyDone(tx, o, clientKey, request)) return
    const { cents, left } = body.outcome === 'refund' ? await refundAmount(tx, o, body.amount) : { cents: 0, left: 0 }
    allowedNow(o, 'resolve')
    if (body.outcome === 'release') {
      await complete(ctx, tx, o, admin.id, 'admin', `${m.noteReleased}: ${reason}`, now)
      mailLater(ctx, 'resolve', o.id, [{ resolved: 'the money goes to the seller' }, 'completed'])
    } else if (cents >= left) {
      await closeWithFullRefund(ctx, tx, o, {
        move: 'resolve',
        status: 'refunded',
        actorId: admin.id,
        actorRole: 'admin',
        note: `${m.noteRefunded(formatUsd(left))}: ${reason}`,
        reason,
        idempotencyKey: await refundKey(tx, o, clientKey, cents),
        at: now,
      })
    } else {
      await recordRefund(ctx, tx, o, {
        amountCents: cents,
        reason,
        actorId: admin.id,
        idempotencyKey: await refundKey(tx, o, clientKey, cents),
      })
      await complete(ctx, tx, o, admin.id, 'admin', `${m.notePartialRefund(formatUsd(cents))}: ${reason}`, now)
      mailLater(ctx, 'resolve', o.id, [
        { refunded: { cents, why: reason } },
        { resolved: m.notePartialRefund(formatUsd(cents)) },
        'completed',
      ])
    }
    await audit(tx, {
      actorId: admin.id,
      action: 'resolve',
      orderId: o.id,
      reason,
      detail: { outcome: body.outcome, amountCents: cents, ...keyedDetail(clientKey, request) },
      at: now,
    })
  })
}

// ———————————————————————————————————————— the sweeper ————————————————————————————————————————

/**
 * Applies every deadline due at `now` (docs/product/orders.md#deadlines): paid orders past ship-by are cancelled and refunded,
 * shipped ones past auto-completion complete, and the seller of a paid order is reminded once, a day before its
 * ship-by date. Safe with several instances at once: each order is taken with FOR UPDATE SKIP LOCKED and moved only
 * if its state still calls for it, and the reminder is claimed by a conditional UPDATE.
 */
export async function sweepOrders(deps: OrderDeps, now: Date, batch = 200) {
  const counts = { cancelled: 0, completed: 0, reminded: 0 }
  const due = await deps.db.select({ id: orders.id }).from(orders).where(dueWhere(now)).limit(batch)
  for (const { id } of due) {
    const ctx: MoveCtx = { deps, now, effects: [] }
    try {
      const moved = await deps.db.transaction(async (tx) => {
        const o = await lockOrderSkipLocked(tx, id)
        if (!o) return undefined
        const after = await applyDueLocked(ctx, tx, o)
        return after.status !== o.status ? after.status : undefined
      })
      if (moved === 'cancelled') counts.cancelled++
      if (moved === 'completed') counts.completed++
      await runEffects(ctx)
    } catch (err) {
      deps.log?.warn({ err, orderId: id }, 'order deadline not applied (retried at the next sweep)')
    }
  }
  const reminded = await deps.db
    .update(orders)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.reminderSentAt),
        gt(orders.shipBy, now),
        lte(orders.shipBy, addDays(now, 1)),
      ),
    )
    .returning({ id: orders.id })
  for (const { id } of reminded) await sendOrderMail(deps, id, ['reminder'])
  counts.reminded = reminded.length
  return counts
}
