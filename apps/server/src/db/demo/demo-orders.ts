import { randomBytes } from 'node:crypto'
import type { Address } from '@preloved/shared/addresses'
import type { Carrier, DisputeReason } from '@preloved/shared/orders'
import { and, eq } from 'drizzle-orm'
import { balanceOf } from '../../modules/orders/ledger.ts'
import type { OrderDeps, OrderRules } from '../../modules/orders/order-deps.ts'
import {
  answerDispute,
  confirmOrder,
  disputeOrder,
  refundOrder,
  resolveDispute,
  shipOrder,
} from '../../modules/orders/order-moves.ts'
import type { Viewer } from '../../modules/orders/orders.repository.ts'
import { applyDue, createPaidOrder } from '../../modules/orders/orders.service.ts'
import { amountDue } from '../../modules/payments/discount.ts'
import type { Db } from '../client.ts'
import {
  bookings,
  ledgerEntries,
  paymentIntents,
  payments,
  payoutAccounts,
  payouts,
  products,
  testCharges,
} from '../schema/index.ts'
import type { DemoSellerKey } from './demo-data.ts'

/** The demo customers who buy (demo-data.ts DEMO_CUSTOMERS). */
export type DemoCustomerKey = 'emma' | 'noah'

// Orders in every state for the demo (docs/product/storefront.md#demo-data). Each one is paid as the payment route
// pays it (booking, test-mode intent and charge, payment, the bag sold, then the orders module's createPaidOrder) and
// moved by the orders module's own moves, at times relative to the seed, so the ledger and the timeline are what the
// real moves write (seed.ts runs them inside its one transaction: `deps.db` is that transaction, each move a savepoint). Only the payout is written here (the payouts module is not on main yet): its payout row and its
// ledger entry take the seller's available balance, as POST /api/payouts does.

const HOUR = 3_600_000
const DAY = 24 * HOUR

export type DemoOrderState =
  | 'paid'
  | 'awaitingAddress'
  | 'shipped'
  | 'disputed'
  | 'completed'
  | 'partlyRefunded'
  | 'paidOut'
  | 'cancelled'
  | 'refunded'

export interface DemoOrder {
  /** The demo listing's title (one that is not advertised, so the shop's front page keeps its bags). */
  listing: string
  buyer: DemoCustomerKey
  state: DemoOrderState
  /** Days before the seed that it was paid. */
  paidDaysAgo: number
  /** Took the buyer's first-order discount (only orders refunded in full: the discount is theirs again). */
  discounted?: boolean
}

/** The demo's orders: every state, both demo customers as buyers, each demo seller selling at least once. */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    listing: 'Tory Burch Fleming Small Convertible Shoulder Bag, new cream',
    buyer: 'emma',
    state: 'paid',
    paidDaysAgo: 1,
  },
  { listing: 'Fjällräven High Coast Rolltop 26, olive', buyer: 'noah', state: 'awaitingAddress', paidDaysAgo: 0.1 },
  { listing: 'Aspinal of London Lottie Bag, tan pebble', buyer: 'emma', state: 'shipped', paidDaysAgo: 3 },
  { listing: 'Tory Burch McGraw Tote, tan', buyer: 'noah', state: 'disputed', paidDaysAgo: 6 },
  { listing: 'Polène Numéro Un Nano, camel', buyer: 'emma', state: 'completed', paidDaysAgo: 12 },
  { listing: 'Anya Hindmarch Neeson Square Tote, natural', buyer: 'noah', state: 'partlyRefunded', paidDaysAgo: 16 },
  { listing: 'A.P.C. Demi-Lune Mini, noir', buyer: 'noah', state: 'paidOut', paidDaysAgo: 25 },
  { listing: 'Guess Vikky Tote, blush', buyer: 'emma', state: 'cancelled', paidDaysAgo: 14, discounted: true },
  {
    listing: 'Balenciaga Explorer Backpack, black',
    buyer: 'noah',
    state: 'refunded',
    paidDaysAgo: 9,
    discounted: true,
  },
]

const ADDRESSES: Record<DemoCustomerKey, Address> = {
  emma: {
    name: 'Emma Wilson',
    line1: '14 Primrose Hill Road',
    line2: undefined,
    city: 'London',
    postcode: 'NW3 3AD',
    country: 'GB',
    phone: '+44 20 7946 0321',
  },
  noah: {
    name: 'Noah Patel',
    line1: '250 West 85th Street',
    line2: 'Apt 4B',
    city: 'New York',
    postcode: '10024',
    country: 'US',
    phone: '+1 212 555 0172',
  },
}

/** The test bank account of the seller who was paid out (holder name and last four digits only, as stored). */
export const DEMO_PAYOUT_ACCOUNT = { holderName: 'Amelia Hart', last4: '4321' }

interface People {
  idOf(key: string): string
  nameOf(key: string): string
  emailOf(key: string): string
}

interface Listing {
  id: string
  sellerKey: DemoSellerKey
  priceCents: number
}

const token = (bytes = 12) => randomBytes(bytes).toString('base64url')

/** Paid as the payment route records a test-mode charge, in one transaction; answers the order's id. */
export async function pay(db: Db, people: People, listing: Listing, o: DemoOrder, rules: OrderRules, paidAt: Date) {
  const buyerId = people.idOf(o.buyer)
  const due = amountDue(listing.priceCents, Boolean(o.discounted), 0, rules)
  const address = o.state === 'awaitingAddress' ? null : ADDRESSES[o.buyer]
  return db.transaction(async (tx) => {
    const bookedAt = new Date(paidAt.getTime() - 20 * 60_000)
    const [booking] = await tx
      .insert(bookings)
      .values({
        productId: listing.id,
        customerId: buyerId,
        customer: people.nameOf(o.buyer),
        email: people.emailOf(o.buyer),
        number: ADDRESSES[o.buyer].phone,
        location: ADDRESSES[o.buyer].city,
        priceCents: listing.priceCents,
        status: 'paid',
        expiresAt: new Date(bookedAt.getTime() + HOUR),
        address,
        createdAt: bookedAt,
      })
      .returning({ id: bookings.id })
    const intentId = `pi_test_${token()}`
    await tx.insert(paymentIntents).values({
      id: intentId,
      bookingId: booking!.id,
      customerId: buyerId,
      provider: 'test',
      clientSecret: `${intentId}_secret_${token(18)}`,
      ...due,
      status: 'used',
      createdAt: bookedAt,
    })
    const chargeId = `ch_test_${token()}`
    await tx.insert(testCharges).values({
      id: chargeId,
      intentId,
      amountCents: due.amountCents,
      status: 'succeeded',
      last4: '4242',
      createdAt: paidAt,
    })
    const [payment] = await tx
      .insert(payments)
      .values({
        bookingId: booking!.id,
        productId: listing.id,
        customerId: buyerId,
        transactionId: chargeId,
        ...due,
        email: people.emailOf(o.buyer),
        createdAt: paidAt,
      })
      .returning({ id: payments.id })
    const sold = await tx
      .update(products)
      .set({ status: 'sold', advertisement: false })
      .where(and(eq(products.id, listing.id), eq(products.status, 'available')))
      .returning({ id: products.id })
    if (sold.length === 0) throw new Error(`demo order: "${o.listing}" is not for sale`)
    await createPaidOrder(
      tx,
      {
        bookingId: booking!.id,
        paymentId: payment!.id,
        productId: listing.id,
        sellerId: people.idOf(listing.sellerKey),
        buyerId,
        bookingPriceCents: listing.priceCents,
        address,
        ...due,
      },
      rules,
      paidAt,
    )
    return booking!.id
  })
}

const SHIPMENTS: Record<DemoCustomerKey, { carrier: Carrier; trackingNumber: string }> = {
  emma: { carrier: 'Royal Mail', trackingNumber: 'RM482913375GB' },
  noah: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
}

const DISPUTE: { reason: DisputeReason; note: string; answer: string } = {
  reason: 'not_as_described',
  note: 'The listing said "light wear on the corners", but the base has a large ink stain that the photos did not show.',
  answer:
    'The stain is on the inside of the base lining, not the leather; it is in the fourth photo. Happy to take it back.',
}

/**
 * Writes DEMO_ORDERS for the seeded people and listings, `now` being the seed time. Moves use `deps` (a mailer that
 * sends nothing: the demo's past needs no mail). Runs after the demo's own transaction, each payment and move in its
 * own transaction, as in the running shop.
 */
export async function seedDemoOrders(
  deps: OrderDeps,
  people: People,
  listingOf: (title: string) => Listing,
  now: number,
): Promise<number> {
  const admin: Viewer = { id: people.idOf('admin'), role: 'admin' }
  for (const o of DEMO_ORDERS) {
    const listing = listingOf(o.listing)
    const buyer: Viewer = { id: people.idOf(o.buyer), role: 'customer' }
    const seller: Viewer = { id: people.idOf(listing.sellerKey), role: 'seller' }
    const paid = now - o.paidDaysAgo * DAY
    const at = (days: number) => new Date(paid + days * DAY)
    const id = await pay(deps.db, people, listing, o, deps.rules, new Date(paid))
    const ship = () => shipOrder(deps, seller, id, SHIPMENTS[o.buyer], at(1))
    switch (o.state) {
      case 'paid':
      case 'awaitingAddress':
        break
      case 'shipped':
        await ship()
        break
      case 'disputed':
        await ship()
        await disputeOrder(deps, buyer, id, { reason: DISPUTE.reason, note: DISPUTE.note }, at(3))
        await answerDispute(deps, seller, id, { note: DISPUTE.answer }, at(3.5))
        break
      case 'completed':
        await ship()
        await confirmOrder(deps, buyer, id, at(3))
        break
      case 'partlyRefunded': {
        await ship()
        await disputeOrder(
          deps,
          buyer,
          id,
          { reason: 'damaged', note: 'One of the strap rings arrived bent; the bag itself is fine.' },
          at(3),
        )
        const part = Math.round(listing.priceCents * 0.2) / 100
        await resolveDispute(
          deps,
          admin,
          id,
          { outcome: 'refund', amount: part, reason: 'A bent strap ring: 20 % back, the buyer keeps the bag' },
          at(5),
        )
        break
      }
      case 'paidOut': {
        await ship()
        // nobody confirmed: the order completed by itself AUTO_COMPLETE_DAYS after shipping (the sweeper's move)
        await applyDue(deps, id, at(1 + deps.rules.autoCompleteDays))
        // once the new seller's reserve (NEW_SELLER_HOLD_DAYS after completion) let it go
        await payOut(deps.db, seller.id, at(2 + deps.rules.autoCompleteDays + deps.rules.newSellerHoldDays))
        break
      }
      case 'cancelled':
        // the seller never shipped: SHIP_DAYS later the order was cancelled and the buyer refunded (the sweeper's move)
        await applyDue(deps, id, at(deps.rules.shipDays))
        break
      case 'refunded':
        await refundOrder(deps, admin, id, { reason: 'The buyer asked to cancel before the bag was shipped' }, at(1))
        break
    }
  }
  return DEMO_ORDERS.length
}

/** The seller's available balance paid out to their test bank account: the payout row and its ledger entry. */
async function payOut(db: Db, sellerId: string, at: Date) {
  await db.transaction(async (tx) => {
    await tx
      .insert(payoutAccounts)
      .values({ userId: sellerId, provider: 'test', ...DEMO_PAYOUT_ACCOUNT, createdAt: at, updatedAt: at })
    const { available } = await balanceOf(tx, sellerId, at)
    if (available <= 0) throw new Error('demo payout: nothing available')
    const [payout] = await tx
      .insert(payouts)
      .values({
        sellerId,
        amountCents: available,
        provider: 'test',
        providerRef: `po_test_${token()}`,
        status: 'paid',
        createdAt: at,
      })
      .returning({ id: payouts.id })
    await tx.insert(ledgerEntries).values({
      account: sellerId,
      payoutId: payout!.id,
      kind: 'payout',
      amountCents: -available,
      note: `Payout to the account ending in ${DEMO_PAYOUT_ACCOUNT.last4}`,
      createdAt: at,
    })
  })
}
