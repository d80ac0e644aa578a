import { messages } from '@preloved/shared/messages'
import Stripe from 'stripe'
import { AppError } from '../../lib/errors.ts'
import type { Config } from '../../plugins/config.ts'

/** What we need of a Stripe PaymentIntent, checked against our own record before anything is sold. */
export interface StripeIntent {
  id: string
  status: string
  amountCents: number
  currency: string
  bookingId: string | undefined
  clientSecret: string
}

/**
 * Stripe's PaymentIntents behind the few calls the shop makes (docs/product/checkout.md#processors). Created only when STRIPE_SECRET_KEY is
 * set; STRIPE_API_URL points stripe-node at a local stand-in of Stripe's HTTP API in tests.
 */
export interface StripeGateway {
  createIntent(input: {
    amountCents: number
    bookingId: string
    customerId: string
    email: string
    idempotencyKey: string
  }): Promise<StripeIntent>
  retrieve(id: string): Promise<StripeIntent>
  /**
   * Cancels a PaymentIntent nobody may confirm any more (its amount is no longer valid). Answers the intent's status
   * afterwards: 'canceled', or 'succeeded' / 'processing' when the buyer confirmed it first (then it cannot be).
   */
  cancel(id: string): Promise<string>
  /** Gives the whole charge back; safe to repeat (one refund per intent, by idempotency key). */
  refund(id: string): Promise<void>
  /**
   * Gives `amountCents` of a charge back (an order's refund); the same idempotency key again is the same
   * refund. Answers Stripe's refund id.
   */
  refundPart(input: { intentId: string; amountCents: number; idempotencyKey: string; reason?: string }): Promise<string>
  /** The event of a webhook delivery whose signature checks out, or a 400. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event
  readonly webhooksEnabled: boolean
  /** Opens a Stripe Connect Express account for a seller's payouts; answers its id. */
  createConnectAccount(input: { userId: string; email: string; idempotencyKey: string }): Promise<string>
  /** A one-time onboarding link of a connected account (Stripe's Account Link). */
  accountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<string>
  /** Whether the connected account may receive transfers yet (onboarding finished). */
  transfersActive(accountId: string): Promise<boolean>
  /** Sends money to a connected account; the same idempotency key again is the same transfer. Answers its id. */
  transfer(input: { accountId: string; amountCents: number; idempotencyKey: string; payoutId: string }): Promise<string>
}

/** The fields we check, from a PaymentIntent that stripe-node fetched or a signed webhook event carried. */
export const toIntent = (pi: Stripe.PaymentIntent): StripeIntent => ({
  id: pi.id,
  status: pi.status,
  amountCents: pi.amount,
  currency: pi.currency,
  bookingId: pi.metadata?.bookingId,
  clientSecret: pi.client_secret ?? '',
})

export function createStripeGateway(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>,
): StripeGateway | undefined {
  if (!config.STRIPE_SECRET_KEY) return undefined
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  })
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET

  return {
    webhooksEnabled: Boolean(webhookSecret),
    async createIntent({ amountCents, bookingId, customerId, email, idempotencyKey }) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          allowed_payment_method_types: ['card'],
          receipt_email: email,
          description: `Preloved Bags Co. booking ${bookingId}`,
          metadata: { bookingId, customerId },
        },
        { idempotencyKey },
      )
      return toIntent(pi)
    },
    async retrieve(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id))
    },
    async cancel(id) {
      try {
        return (await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` })).status
      } catch (err) {
        // already confirmed (or already canceled): Stripe refuses; its current state says which
        if ((err as { code?: string }).code !== 'payment_intent_unexpected_state') throw err
        return (await stripe.paymentIntents.retrieve(id)).status
      }
    },
    async refund(id) {
      await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}` })
    },
    async refundPart({ intentId, amountCents, idempotencyKey, reason }) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: intentId,
          amount: amountCents,
          ...(reason ? { metadata: { reason: reason.slice(0, 500) } } : {}),
        },
        { idempotencyKey },
      )
      return refund.id
    },
    verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new AppError(404, messages.payments.webhooksDisabled)
      if (!signature) throw new AppError(400, messages.payments.webhookSignatureMissing)
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
      } catch {
        throw new AppError(400, messages.payments.webhookSignatureInvalid)
      }
    },
    async createConnectAccount({ userId, email, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey },
      )
      return account.id
    },
    async accountLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: 'account_onboarding',
      })
      return link.url
    },
    async transfersActive(accountId) {
      const account = await stripe.accounts.retrieve(accountId)
      return account.capabilities?.transfers === 'active'
    },
    async transfer({ accountId, amountCents, idempotencyKey, payoutId }) {
      const transfer = await stripe.transfers.create(
        { amount: amountCents, currency: 'usd', destination: accountId, metadata: { payoutId } },
        { idempotencyKey },
      )
      return transfer.id
    },
  }
}
