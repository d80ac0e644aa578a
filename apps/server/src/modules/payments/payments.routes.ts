import {
  createPaymentIntentBodySchema,
  isPaidSchema,
  paymentIntentSchema,
  recordPaymentBodySchema,
  testConfirmBodySchema,
  testConfirmResultSchema,
} from '@preloved/shared/payments'
import { insertResultSchema } from '@preloved/shared/products'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { centsToDollars } from '../../lib/money.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { confirmTestPayment, createPaymentIntent } from './checkout.ts'
import { paymentDepsOf } from './payment-deps.ts'
import { isProductPaid, paidBookingIds, recordPayment } from './settle.ts'

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 30, windowMs: 10 * 60_000, key: (req) => `payment:${req.user?.id}` })

  app.post(
    '/create-payment-intent',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['payments'],
        summary: 'Start paying one of your bookings; the server decides the amount (any price sent is ignored)',
        // the address is read with the shared schema by the service, after the booking (status precedence), naming its field
        body: createPaymentIntentBodySchema.extend({
          price: z.unknown().optional(),
          address: z
            .unknown()
            .optional()
            .describe('addressSchema: { name, line1, line2?, city, postcode, country, phone }'),
        }),
        response: { 200: paymentIntentSchema },
      },
    },
    async (req) => {
      const intent = await createPaymentIntent(
        paymentDepsOf(app, req.log),
        signedInUser(req),
        req.body.bookingId,
        app.now(),
        req.body.address === undefined ? undefined : { raw: req.body.address, save: req.body.saveAddress === true },
      )
      return {
        clientSecret: intent.clientSecret,
        provider: intent.provider,
        amount: centsToDollars(intent.amountCents),
        price: centsToDollars(intent.priceCents),
        shipping: centsToDollars(intent.shippingCents),
        discount: centsToDollars(intent.discountCents),
        ...(intent.addressSaved === undefined ? {} : { addressSaved: intent.addressSaved }),
      }
    },
  )

  app.post(
    '/test-processor/confirm',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['payments'],
        summary: 'TEST MODE card processor: charge a published test card for a payment intent',
        body: testConfirmBodySchema,
        response: { 200: testConfirmResultSchema },
      },
    },
    async (req) => {
      const transactionId = await confirmTestPayment(
        paymentDepsOf(app, req.log),
        signedInUser(req),
        req.body.clientSecret,
        req.body.card,
        app.now(),
      )
      return { status: 'succeeded' as const, transactionId }
    },
  )

  app.post(
    '/payments',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['payments'],
        summary: 'Record a payment the processor confirmed (idempotent per transaction)',
        body: recordPaymentBodySchema,
        response: { 200: insertResultSchema },
      },
    },
    async (req) => {
      const id = await recordPayment(
        paymentDepsOf(app, req.log),
        signedInUser(req),
        req.body.transactionId,
        req.body.bookingId,
        app.now(),
      )
      return { acknowledged: true as const, insertedId: id }
    },
  )

  app.get(
    '/product/paid/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Has this bag been paid for?',
        params: z.object({
          id: z
            .string()
            .max(64)
            .transform((id) => id.replace(/[{}]+$/, '')),
        }),
        response: { 200: isPaidSchema },
      },
    },
    async (req) => ({ isPaid: await isProductPaid(app.db, req.params.id) }),
  )

  app.get(
    '/bookingPaid',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'The ids of your paid bookings',
        response: { 200: z.object({ paid: z.array(z.string()) }) },
      },
    },
    async (req) => ({ paid: await paidBookingIds(app.db, signedInUser(req).id) }),
  )
}
