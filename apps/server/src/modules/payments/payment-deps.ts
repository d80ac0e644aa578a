// What a payment step is given: the database, the card processor (Stripe, when configured), the hold and discount
// rules, what an order needs once paid, and the caches to empty. One object, as the other modules' services take.
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { HoldRules } from '../bookings/bookings.service.ts'
import { type OrderDeps, orderDepsOf } from '../orders/order-deps.ts'
import { type ListingsChanged, listingsChanged } from '../products/list-cache.ts'
import { type DiscountRules, discountRulesOf } from './discount.ts'
import type { StripeGateway } from './stripe-gateway.ts'

export interface PaymentDeps {
  db: Db
  /** Stripe when STRIPE_SECRET_KEY is set; the test-mode processor otherwise. */
  stripe: StripeGateway | undefined
  rules: HoldRules & DiscountRules
  /** What the order made by a payment needs (its mail, its rules). */
  orderDeps: OrderDeps
  /** Renewing a hold makes the bag read 'Reserved' again; a payment sells it. */
  listingsChanged: ListingsChanged
  log?: FastifyBaseLogger | undefined
}

export const paymentDepsOf = (app: FastifyInstance, log?: FastifyBaseLogger): PaymentDeps => ({
  db: app.db,
  stripe: app.stripe,
  rules: {
    holdMinutes: app.config.HOLD_MINUTES,
    maxOpenHolds: app.config.MAX_OPEN_HOLDS,
    ...discountRulesOf(app.config),
  },
  orderDeps: orderDepsOf(app, log),
  listingsChanged: (ids) => listingsChanged(app, ids),
  log,
})

/** A random token (client secrets, test transaction ids). */
export const token = (bytes = 12) => randomBytes(bytes).toString('base64url')
