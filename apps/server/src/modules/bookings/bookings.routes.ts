import { emailQuerySchema } from '@preloved/shared/auth'
import {
  bookingCreatedSchema,
  bookingListSchema,
  bookingSchema,
  bookingTermsSchema,
  createBookingBodySchema,
} from '@preloved/shared/bookings'
import { messages } from '@preloved/shared/messages'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { type ListingsChanged, listingsChanged } from '../products/list-cache.ts'
import { emailScope } from '../users/email-scope.ts'
import { findBooking, listBookingsOf, toBookingJson } from './bookings.repository.ts'
import { bookingTerms, bookProduct } from './bookings.service.ts'

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 20, windowMs: 10 * 60_000, key: (req) => `booking:${req.user?.id}` })
  /** For booking, which makes one bag read 'Reserved'. */
  const onListingsChanged: ListingsChanged = listingsChanged.bind(null, app)

  app.post(
    '/bookings',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['bookings'],
        summary:
          'Book a bag: holds it for you for HOLD_MINUTES, or while it cools down after an unpaid hold ran out, gives a short payment hold that the first payment wins (price from the listing, customer from the token)',
        body: createBookingBodySchema,
        response: { 200: bookingCreatedSchema },
      },
    },
    async (req) => {
      const booked = await bookProduct(app.db, onListingsChanged, signedInUser(req), req.body, app.now(), {
        holdMinutes: app.config.HOLD_MINUTES,
        maxOpenHolds: app.config.MAX_OPEN_HOLDS,
      })
      return {
        acknowledged: true as const,
        insertedId: booked.id,
        hold: booked.hold,
        expiresAt: booked.expiresAt.toISOString(),
      }
    },
  )

  app.get(
    '/booking-terms/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['bookings'],
        summary: 'What Book Now gives on this bag right now: an exclusive hold, a short payment hold, or none',
        params: z.object({ productId: z.string().max(64) }),
        response: { 200: bookingTermsSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return bookingTerms(app.db, req.params.productId, app.now(), app.config.HOLD_MINUTES)
    },
  )

  app.get(
    '/bookings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['bookings'],
        summary: 'Your orders (bookings), newest first',
        querystring: emailQuerySchema,
        response: { 200: bookingListSchema },
      },
    },
    async (req, reply) => {
      const who = await emailScope(app.db, signedInUser(req), req.query.email)
      reply.header('cache-control', 'no-store')
      if (!who) return []
      const now = app.now()
      const rows = await listBookingsOf(app.db, who.id, now)
      return rows.map((r) => toBookingJson(r, now))
    },
  )

  app.get(
    '/bookings/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['bookings'],
        summary: 'One of your bookings (admins: any)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: bookingSchema },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req)
      const now = app.now()
      const row = isUuid(req.params.id) ? await findBooking(app.db, req.params.id, now) : undefined
      if (!row) throw new AppError(404, messages.bookings.notFound)
      if (row.customerId !== user.id && user.role !== 'admin') throw new AppError(403, messages.auth.forbidden)
      reply.header('cache-control', 'no-store')
      return toBookingJson(row, now)
    },
  )
}
