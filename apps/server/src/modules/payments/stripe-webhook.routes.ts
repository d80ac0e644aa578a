import { messages } from '@preloved/shared/messages'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { handleChargebackEvent } from '../earnings/chargebacks.ts'
import { paymentDepsOf } from './payment-deps.ts'
import { handleStripeEvent } from './stripe-events.ts'

/**
 * POST /api/stripe/webhook: Stripe tells us a PaymentIntent succeeded (docs/product/checkout.md#processors), so a payment is recorded even
 * when the buyer closed the tab before the page could. The signature is checked over the raw bytes, so this plugin
 * keeps JSON bodies as Buffers (its own scope only).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  app.post(
    '/stripe/webhook',
    {
      config: { access: 'public' },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['payments'],
        summary:
          "Stripe's signed events (payment_intent.succeeded records the payment; charge.dispute.* hold or record a chargeback; others are acknowledged)",
        headers: z.object({ 'stripe-signature': z.string().max(2048).optional() }),
        response: {
          200: z.object({
            received: z.literal(true),
            result: z.enum(['recorded', 'refunded', 'ignored', 'chargeback']),
          }),
        },
      },
    },
    async (req) => {
      const stripe = app.stripe
      if (!stripe?.webhooksEnabled) throw new AppError(404, messages.payments.webhooksDisabled)
      if (!Buffer.isBuffer(req.body)) throw new AppError(415, messages.payments.webhookNotJson)
      const event = stripe.verifyWebhook(req.body, req.headers['stripe-signature'])
      // card chargebacks: the order's money is held from payout, apart from the payment events
      const chargeback = await handleChargebackEvent(app.db, event, app.now(), req.log)
      if (chargeback) {
        req.log.info({ event: event.id, type: event.type, result: chargeback }, 'stripe webhook')
        return { received: true as const, result: chargeback }
      }
      const result = await handleStripeEvent({ ...paymentDepsOf(app, req.log), stripe }, event, app.now())
      req.log.info({ event: event.id, type: event.type, result }, 'stripe webhook')
      return { received: true as const, result }
    },
  )
}
