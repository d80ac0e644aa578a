// What an order move is given (its rules, the database, mail, payments, caches), and the context it runs in.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Config } from '../../plugins/config.ts'
import type { ImageStore } from '../images/image-store.ts'
import type { Mailer } from '../mail/mail.service.ts'
import { type NotifyDeps, notifyDepsOf } from '../notifications/notify.ts'
import { type DiscountRules, discountRulesOf } from '../payments/discount.ts'
import type { StripeGateway } from '../payments/stripe-gateway.ts'
import { type ListingsChanged, listingsChanged } from '../products/list-cache.ts'

const DAY = 86_400_000
/** `at` plus whole days. */
export const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY)

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
export type Effect = () => Promise<void>

export interface MoveCtx {
  deps: OrderDeps
  now: Date
  effects: Effect[]
}
