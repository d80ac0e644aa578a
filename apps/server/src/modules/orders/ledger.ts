import { OPEN_ORDER_STATUSES } from '@preloved/shared/orders'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { ledgerEntries, orders, riskFlags } from '../../db/schema/index.ts'

/**
 * The money of an order (docs/money.md#the-ledger and #refunds), in integer cents. The ledger is append-only:
 * every figure here is a sum of its entries, never a stored counter. For each order:
 *   buyer paid = refunds + seller's share + commission − discount cost
 * and the sum of the order's entries (seller and shop) is what the buyer paid less what was refunded.
 */

/** The shop's ledger account; a seller's account is their user id. */
export const SHOP = 'shop'

export interface OrderMoney {
  priceCents: number
  shippingCents: number
  discountCents: number
  amountPaidCents: number
  commissionPercent: number
}

/** The commission on a gross price, in whole cents, rounded up: the shop's favour (docs/decisions/029). */
export const commissionOf = (grossCents: number, percent: number): number => Math.ceil((grossCents * percent) / 100)

/** How an order's money stands after `refundedCents` in total were given back. */
export interface Shares {
  /** The seller's price less what refunds took from it (the gross commission is taken on). */
  grossCents: number
  /** Shipping less what refunds took from it. */
  shippingCents: number
  commissionCents: number
  /** What the seller is owed: gross + shipping − commission. */
  sellerCents: number
  /** The shop's discount cost (0 once refunded in full: the buyer gets the first-order discount back). */
  discountCostCents: number
}

/** ⌊a × b / c⌋ for whole cents, exact beyond 2^53 (a million-dollar price times a million-dollar payment). */
const mulDiv = (a: number, b: number, c: number): number => Number((BigInt(a) * BigInt(b)) / BigInt(c))

/**
 * A refund of a fraction f of what the buyer paid reduces the price, the shipping and the discount cost each by f,
 * and the commission is taken on the reduced price (docs/decisions/029). Every rounding goes the shop's way: the
 * seller's price and shipping down, the commission up, and the discount cost is what is left so that the order's
 * entries still add up to what the buyer paid less the refunds, to the cent. It never exceeds the commission, so
 * for every order the seller's share and the refunds together never exceed what the buyer paid. A refund of
 * everything reverses the sale, shipping, commission and the discount cost alike.
 */
export function sharesAfter(o: OrderMoney, refundedCents: number): Shares {
  if (refundedCents >= o.amountPaidCents) {
    return { grossCents: 0, shippingCents: 0, commissionCents: 0, sellerCents: 0, discountCostCents: 0 }
  }
  const kept = o.amountPaidCents - Math.max(0, refundedCents)
  let grossCents = refundedCents <= 0 ? o.priceCents : mulDiv(o.priceCents, kept, o.amountPaidCents)
  const shippingCents = refundedCents <= 0 ? o.shippingCents : mulDiv(o.shippingCents, kept, o.amountPaidCents)
  // what the shop put in: the buyer's payment kept, against what the seller's lines add up to
  let discountCostCents = grossCents + shippingCents - kept
  if (discountCostCents < 0) {
    // no discount to carry the rounding (or less than it): the seller's price takes the cents rounded away
    grossCents -= discountCostCents
    discountCostCents = 0
  }
  let commissionCents = commissionOf(grossCents, o.commissionPercent)
  if (discountCostCents > commissionCents && o.commissionPercent < 100) {
    // the shop never pays more than its commission (an order paid under older rules): the seller's price gives way.
    // Lowering it by a cent lowers the discount cost by a cent and the commission by less, so the largest price that
    // fits is about (gross − discount) / (1 − rate); from just above it, a cent at a time.
    const fits = mulDiv(Math.max(0, grossCents - discountCostCents), 100, 100 - o.commissionPercent) + 1
    const lowered = Math.max(0, grossCents - Math.min(grossCents, fits))
    grossCents -= lowered
    discountCostCents -= lowered
    commissionCents = commissionOf(grossCents, o.commissionPercent)
    while (discountCostCents > commissionCents && grossCents > 0) {
      grossCents -= 1
      discountCostCents -= 1
      commissionCents = commissionOf(grossCents, o.commissionPercent)
    }
  }
  return {
    grossCents,
    shippingCents,
    commissionCents,
    sellerCents: grossCents + shippingCents - commissionCents,
    discountCostCents,
  }
}

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert

/** The entries a paid order writes (in the payment's transaction): sale, shipping, commission both ways, discount cost. */
export function paymentEntries(order: OrderMoney & { id: string; sellerId: string }, at: Date): NewLedgerEntry[] {
  const commission = commissionOf(order.priceCents, order.commissionPercent)
  const entries: NewLedgerEntry[] = [
    { account: order.sellerId, orderId: order.id, kind: 'sale', amountCents: order.priceCents, note: 'Sale' },
  ]
  if (order.shippingCents > 0)
    entries.push({
      account: order.sellerId,
      orderId: order.id,
      kind: 'shipping',
      amountCents: order.shippingCents,
      note: 'Shipping',
    })
  if (commission > 0) {
    const note = `Commission ${order.commissionPercent} %`
    entries.push({ account: order.sellerId, orderId: order.id, kind: 'commission', amountCents: -commission, note })
    entries.push({ account: SHOP, orderId: order.id, kind: 'commission', amountCents: commission, note })
  }
  if (order.discountCents > 0)
    entries.push({
      account: SHOP,
      orderId: order.id,
      kind: 'discount_cost',
      amountCents: -order.discountCents,
      note: 'First-order discount',
    })
  return entries.map((e) => ({ ...e, createdAt: at }))
}

/** The sums of an order's entries, per account and kind group. */
export interface OrderLedger {
  /** The seller's sale, shipping and refund entries: what they get before commission. */
  sellerGrossCents: number
  /** The seller's commission entries (≤ 0). */
  sellerCommissionCents: number
  /** The shop's commission entries (≥ 0). */
  shopCommissionCents: number
  /** The shop's discount-cost entries (≤ 0). */
  shopDiscountCents: number
  /** Every entry of the order, seller and shop, summed (chargebacks included). */
  totalCents: number
  /** The seller's entries summed: what the seller is owed for this order. */
  sellerCents: number
}

export async function orderLedger(db: DbOrTx, orderId: string, sellerId: string): Promise<OrderLedger> {
  const rows = await db
    .select({
      account: ledgerEntries.account,
      kind: ledgerEntries.kind,
      sum: sql<number>`sum(${ledgerEntries.amountCents})::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.account, ledgerEntries.kind)
  const out: OrderLedger = {
    sellerGrossCents: 0,
    sellerCommissionCents: 0,
    shopCommissionCents: 0,
    shopDiscountCents: 0,
    totalCents: 0,
    sellerCents: 0,
  }
  for (const r of rows) {
    const sum = Number(r.sum)
    out.totalCents += sum
    if (r.account === sellerId) {
      out.sellerCents += sum
      if (r.kind === 'commission') out.sellerCommissionCents += sum
      else if (r.kind === 'sale' || r.kind === 'shipping' || r.kind === 'refund' || r.kind === 'chargeback')
        out.sellerGrossCents += sum
    } else if (r.account === SHOP) {
      if (r.kind === 'commission') out.shopCommissionCents += sum
      else if (r.kind === 'discount_cost') out.shopDiscountCents += sum
    }
  }
  return out
}

/** What took money back: a refund the shop gave, or a card chargeback the bank took (a lost card dispute). */
export type RefundKind = 'refund' | 'chargeback'

const REFUND_NOTES: Record<RefundKind, { gross: string; commission: string; discount: string }> = {
  refund: {
    gross: 'Refund to the buyer',
    commission: 'Commission on the refunded amount',
    discount: 'First-order discount given back to the buyer',
  },
  chargeback: {
    gross: "Card chargeback lost: the buyer's bank took the money back",
    commission: 'Commission on the charged-back amount',
    discount: "First-order discount: no longer the shop's cost, all was charged back",
  },
}

/**
 * The entries a refund writes: the differences between how the order's money stands in the ledger and how it must
 * stand once `refundedCents` in total (this refund included) are given back. Written with the refund's id, so the
 * same refund cannot write them twice. A lost card chargeback is the same arithmetic (`kind` 'chargeback': the
 * seller's line is a `chargeback` entry instead of a `refund` one).
 */
export function refundEntries(
  order: OrderMoney & { id: string; sellerId: string },
  current: OrderLedger,
  refundedCents: number,
  refundId: string,
  at: Date,
  kind: RefundKind = 'refund',
): NewLedgerEntry[] {
  const target = sharesAfter(order, refundedCents)
  const base = { orderId: order.id, refundId, createdAt: at }
  const notes = REFUND_NOTES[kind]
  const entries: NewLedgerEntry[] = []
  const grossDelta = target.grossCents + target.shippingCents - current.sellerGrossCents
  if (grossDelta !== 0)
    entries.push({
      ...base,
      account: order.sellerId,
      kind,
      amountCents: grossDelta,
      note: notes.gross,
    })
  const commissionDelta = target.commissionCents - current.shopCommissionCents
  if (commissionDelta !== 0) {
    const note = notes.commission
    entries.push({
      ...base,
      account: order.sellerId,
      kind: 'commission',
      amountCents: -target.commissionCents - current.sellerCommissionCents,
      note,
    })
    entries.push({ ...base, account: SHOP, kind: 'commission', amountCents: commissionDelta, note })
  }
  const discountDelta = -target.discountCostCents - current.shopDiscountCents
  if (discountDelta !== 0)
    entries.push({
      ...base,
      account: SHOP,
      kind: 'discount_cost',
      amountCents: discountDelta,
      note: notes.discount,
    })
  return entries
}

/**
 * The entry that gives a payout back to the seller's available balance when Stripe refused its transfer for good: the
 * payout's own amount, positive, naming the payout (a unique index lets each payout be given back once).
 */
export const payoutReversalEntry = (
  payout: { id: string; sellerId: string; amountCents: number },
  at: Date,
): NewLedgerEntry => ({
  account: payout.sellerId,
  payoutId: payout.id,
  kind: 'payout',
  amountCents: payout.amountCents,
  note: `Payout ${payout.id} refused by Stripe: back in the balance`,
  createdAt: at,
})

/**
 * A seller's balances, in cents, as sums of the ledger: `pending` for orders that are paid, shipped or disputed (or
 * held by an open chargeback, or by a linked-accounts flag on a shared device or payout account that an admin has
 * not dismissed (a confirmed link is one person selling to themselves: the money waits for the admin to settle it), or completed but still in
 * the new seller's reserve until their `availableAt`); `available` for closed orders, less payouts (negative when a
 * refund came after a payout: later sales settle it first); `paidOut` the payouts made. `now` decides the reserve.
 */
export async function balanceOf(db: DbOrTx, sellerId: string, now: Date) {
  const held = heldOrder(now)
  const [row] = await db
    .select({
      pending: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${orders.id} is not null and ${held}), 0)::int`,
      available: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${orders.id} is null or not ${held}), 0)::int`,
      paidOut: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'payout'), 0)::int`,
    })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(eq(ledgerEntries.account, sellerId))
  return {
    pending: Number(row?.pending ?? 0),
    available: Number(row?.available ?? 0),
    paidOut: Number(row?.paidOut ?? 0),
  }
}

/** SQL true while an order's money may not be paid out yet (see balanceOf). */
export function heldOrder(now: Date) {
  const open = sql.raw(OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', '))
  return sql`(${orders.status} in (${open})
    or (${orders.chargebackAt} is not null and ${orders.chargebackClosedAt} is null)
    or (${orders.availableAt} is not null and ${orders.availableAt} > ${now.toISOString()}::timestamptz)
    or exists (select 1 from ${riskFlags} where ${riskFlags.orderId} = ${orders.id} and ${riskFlags.kind} = 'linked_accounts'
      and ${riskFlags.status} in ('open', 'confirmed') and ${riskFlags.detail}->>'holdsPayout' = 'true'))`
}

/** Whether a seller has money in the ledger that is not settled (any balance, pending or available, not zero). */
export async function hasBalance(db: DbOrTx, userId: string, now: Date) {
  const b = await balanceOf(db, userId, now)
  return b.pending !== 0 || b.available !== 0
}

/** The entries of one order, oldest first (the order page's money lines). */
export const entriesOfOrder = (db: DbOrTx, orderId: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId)))
    .orderBy(ledgerEntries.createdAt)
