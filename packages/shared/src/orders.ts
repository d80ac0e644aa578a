import { z } from 'zod'
import './zod-config.ts'
import { addressSchema } from './addresses.ts'
import { MAX_PRICE, moneyField } from './money.ts'
import { MAX_SHIPPING } from './products.ts'

// The order after payment (docs/product/orders.md): the shared contract of server and web.

export const ORDER_STATUSES = ['paid', 'shipped', 'completed', 'disputed', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** States in which the order is still open (money pending, the account cannot be deleted). */
export const OPEN_ORDER_STATUSES = ['paid', 'shipped', 'disputed'] as const satisfies readonly OrderStatus[]

/** Carriers a seller may name, matched without regard to case; "Other" for the rest. */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Royal Mail', 'Other'] as const
export type Carrier = (typeof CARRIERS)[number]
export const TRACKING_MAX = 64

export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'counterfeit', 'damaged'] as const
export type DisputeReason = (typeof DISPUTE_REASONS)[number]
/** Photos a buyer (dispute) or seller (answer) may attach. */
export const MAX_DISPUTE_PHOTOS = 4
export const NOTE_MAX = 2000

/** Who made a move on the timeline. */
export const ORDER_ACTORS = ['buyer', 'seller', 'admin', 'system'] as const
export type OrderActor = (typeof ORDER_ACTORS)[number]

const carrierSchema = z
  .string({ error: `carrier must be one of ${CARRIERS.join(', ')}` })
  .trim()
  .transform((v, ctx) => {
    const found = CARRIERS.find((c) => c.toLowerCase() === v.toLowerCase())
    if (!found) {
      ctx.addIssue({ code: 'custom', message: `carrier must be one of ${CARRIERS.join(', ')}` })
      return z.NEVER
    }
    return found
  })

/** POST /api/orders/{id}/ship */
export const shipBodySchema = z.object({
  carrier: carrierSchema,
  trackingNumber: z
    .string({ error: 'trackingNumber is required' })
    .trim()
    .min(1, 'trackingNumber is required')
    .max(TRACKING_MAX, `trackingNumber must be at most ${TRACKING_MAX} characters`),
})
export type ShipBody = z.infer<typeof shipBodySchema>

const noteSchema = z.string().trim().max(NOTE_MAX, `note must be at most ${NOTE_MAX} characters`)
const photosSchema = z
  .array(z.string().max(500), { error: 'photos must be a list of uploaded photo URLs' })
  .max(MAX_DISPUTE_PHOTOS, `photos may hold at most ${MAX_DISPUTE_PHOTOS} photos`)

/** POST /api/orders/{id}/dispute (buyer; shipped only). */
export const disputeBodySchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: `reason must be one of ${DISPUTE_REASONS.join(', ')}` }),
  note: noteSchema.min(1, 'note is required: tell the seller and the shop what is wrong'),
  photos: photosSchema.optional(),
})
export type DisputeBody = z.infer<typeof disputeBodySchema>

/** POST /api/orders/{id}/answer (seller; disputed only). */
export const answerBodySchema = z.object({
  note: noteSchema.min(1, 'note is required'),
  photos: photosSchema.optional(),
})
export type AnswerBody = z.infer<typeof answerBodySchema>

/** POST /api/orders/{id}/cancel: the seller's reason is optional; an admin's is required (checked by the server). */
export const cancelBodySchema = z.object({ reason: noteSchema.optional() }).optional()
export type CancelBody = z.infer<typeof cancelBodySchema>

/**
 * Dollars with at most two decimals, above zero (refunds; the money parser, decision 031). The bound only keeps
 * absurd amounts out: the server refuses more than what is left to refund of the order.
 */
const positiveDollars = (field: string) =>
  moneyField({
    field,
    min: 0.01,
    max: MAX_PRICE + MAX_SHIPPING,
    messages: { invalid: `${field} must be an amount in dollars`, decimals: `${field} must have at most two decimals` },
  })

/** POST /api/orders/{id}/resolve (admin; disputed only): release to the seller, or refund (in part with `amount`). */
export const resolveBodySchema = z.object({
  outcome: z.enum(['release', 'refund'], { error: 'outcome must be release or refund' }),
  amount: positiveDollars('amount').optional(),
  reason: noteSchema.min(1, 'reason is required').optional(),
})
export type ResolveBody = z.infer<typeof resolveBodySchema>

/** POST /api/orders/{id}/refund (admin; paid or shipped): in full without `amount`. */
export const refundBodySchema = z.object({
  amount: positiveDollars('amount').optional(),
  reason: noteSchema.min(1, 'reason is required'),
})
export type RefundBody = z.infer<typeof refundBodySchema>

/** PUT /api/orders/{id}/address (buyer; paid, before shipping). */
export const orderAddressBodySchema = addressSchema
export const ordersQuerySchema = z.object({ role: z.enum(['buyer', 'seller']).optional() })

export const timelineEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  /** Who moved it: buyer, seller, admin or system. */
  actor: z.enum(ORDER_ACTORS),
  note: z.string().nullable(),
})

/**
 * A stored delivery address as the API answers it: already checked and normalised by `addressSchema` when it was
 * sent, so plain strings here (a response schema must not transform: the server encodes with it).
 */
export const addressJsonSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
})

export const orderSchema = z.object({
  /** The booking's id. */
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  product: z.object({ _id: z.string(), title: z.string(), img: z.string() }),
  buyer: z.object({ _id: z.string(), name: z.string() }),
  seller: z.object({ _id: z.string(), name: z.string() }),
  /** Dollars: the seller's price. */
  price: z.number(),
  /** Dollars: shipping the buyer paid (0 = free shipping). */
  shipping: z.number(),
  /** Dollars: what the buyer paid (price + shipping − discount). */
  amount: z.number(),
  /** Dollars: the first-order discount, the shop's cost. */
  discount: z.number(),
  commission: z.number(),
  /** Dollars: what the seller gets (price + shipping − commission, less refunds taken from it). */
  sellerAmount: z.number(),
  /** Dollars refunded so far. */
  refunded: z.number(),
  shipBy: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  autoCompleteAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Shown to the buyer, and to the seller from payment until 30 days after completion; null otherwise. */
  address: addressJsonSchema.nullable(),
  /** True when the order waits for the buyer's address (the original payment call without one). */
  awaitingAddress: z.boolean(),
  dispute: z
    .object({
      reason: z.enum(DISPUTE_REASONS),
      note: z.string(),
      photos: z.array(z.string()),
      answer: z.string().nullable(),
      answerPhotos: z.array(z.string()),
    })
    .nullable(),
  /** A card chargeback (Stripe) holds the order's money from payout until an admin closes it. */
  chargeback: z.boolean(),
  paymentReference: z.string().nullable(),
  createdAt: z.string(),
  timeline: z.array(timelineEntrySchema),
  /** Admin money actions on this order (refund, resolve, cancel): who, when, why. Admins only; [] for others. */
  audit: z.array(z.object({ action: z.string(), actor: z.string(), at: z.string(), reason: z.string().nullable() })),
})
export type Order = z.infer<typeof orderSchema>

export const LEDGER_KINDS = [
  'sale',
  'shipping',
  'commission',
  'discount_cost',
  'refund',
  'payout',
  'chargeback',
] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/** GET /api/earnings (seller): dollars; balances are sums of the ledger. */
export const earningsSchema = z.object({
  pending: z.number(),
  available: z.number(),
  paidOut: z.number(),
  entries: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(LEDGER_KINDS),
      amount: z.number(),
      orderId: z.string().nullable(),
      /** The payout a payout entry belongs to: the payout itself (−), or its give-back when Stripe refused it (+). */
      payoutId: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: z.string(),
      /**
       * When this entry's money may be paid out, once its order completed: the completion, or later for one of a new
       * seller's first sales (the reserve). Null while the order is open, and for payouts.
       */
      availableAt: z.string().nullable(),
    }),
  ),
  /** The payout account, or null when none is set up yet. */
  account: z
    .object({ provider: z.enum(['test', 'stripe']), holderName: z.string().nullable(), last4: z.string().nullable() })
    .nullable(),
})
export type Earnings = z.infer<typeof earningsSchema>

/** POST /api/payout-account in test mode: the holder's name and an account number, of which only the last 4 digits are kept. */
export const payoutAccountBodySchema = z.object({
  holderName: z.string({ error: 'holderName is required' }).trim().min(1, 'holderName is required').max(80),
  accountNumber: z
    .string({ error: 'accountNumber is required' })
    .trim()
    .regex(/^[0-9 ]{6,34}$/, 'accountNumber must be 6 to 34 digits'),
})
export type PayoutAccountBody = z.infer<typeof payoutAccountBodySchema>
