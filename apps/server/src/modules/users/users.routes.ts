import {
  accessTokenSchema,
  emailParamSchema,
  emailQuerySchema,
  isAdminSchema,
  isSellerSchema,
  isVerifiedSchema,
  meSchema,
  publicConfigSchema,
  recordUserBodySchema,
} from '@preloved/shared/auth'
import { pageQuerySchema } from '@preloved/shared/common'
import { messages } from '@preloved/shared/messages'
import { deleteResultSchema, modifyResultSchema } from '@preloved/shared/products'
import { unverifyBodySchema, userListSchema, userSummarySchema } from '@preloved/shared/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { decodeCursor, encodeCursor, nextLink } from '../../lib/paging.ts'
import { signAccessToken } from '../../lib/tokens.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { googleSignInKind } from '../auth/auth.ts'
import { type ListingsChanged, listingsChanged } from '../products/list-cache.ts'
import { emailScope, sameEmail } from './email-scope.ts'
import { listUsers, unverifiedReason } from './users.repository.ts'
import { deleteUser, recordProfile, unverifySeller, userSummary, verifySeller } from './users.service.ts'

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  /** For the services that change what the public lists show (a seller's name, their badge, their listings). */
  const onListingsChanged: ListingsChanged = listingsChanged.bind(null, app)

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'What the sign-in and payment screens need to know',
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      googleSignIn: googleSignInKind(app.config),
      payments: app.config.STRIPE_SECRET_KEY
        ? { provider: 'stripe' as const, publishableKey: app.config.STRIPE_PUBLISHABLE_KEY ?? null }
        : { provider: 'test' as const, publishableKey: null },
      holdMinutes: app.config.HOLD_MINUTES,
    }),
  )

  app.get(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: meSchema },
      },
    },
    async (req) => {
      const u = signedInUser(req)
      return {
        _id: u.id,
        name: u.name,
        email: u.email,
        role: u.role,
        ...(u.verified ? { verified: 'yes' as const } : {}),
      }
    },
  )

  app.get(
    '/jwt',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'A short-lived access token for the signed-in session of this email',
        // minted from the session cookie only (a token cannot renew itself): narrower than the derived security
        security: [{ cookie: [] }],
        querystring: emailQuerySchema,
        response: { 200: accessTokenSchema },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req)
      // only the session cookie can mint a token: a token cannot renew itself
      if (req.authVia !== 'cookie') throw new AppError(401, messages.auth.signInRequired)
      if (!sameEmail(user.email, req.query.email)) throw new AppError(403, messages.auth.notYourEmail)
      reply.header('cache-control', 'no-store')
      // the token lives only as long as this session (plugins/auth.ts checks it on every request)
      const sid = req.sessionId!
      return { accessToken: await signAccessToken(app.tokenKey, { sub: user.id, email: user.email, sid }) }
    },
  )

  app.post(
    '/users',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: "Record the signed-in user's profile (name and role customer or seller)",
        body: recordUserBodySchema,
        response: { 200: z.object({ acknowledged: z.literal(true), modifiedCount: z.number() }) },
      },
    },
    async (req) => {
      const user = signedInUser(req)
      if (!sameEmail(user.email, req.body.email)) throw new AppError(403, messages.auth.notYourEmail)
      const modifiedCount = await recordProfile(app.db, onListingsChanged, user, req.sessionId, req.body)
      return { acknowledged: true as const, modifiedCount }
    },
  )

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Customers or sellers, newest first',
        querystring: pageQuerySchema.extend({
          role: z.enum(['customer', 'seller'], { error: 'Role must be customer or seller' }),
        }),
        response: { 200: userListSchema },
      },
    },
    async (req, reply) => {
      const { rows, hasMore } = await listUsers(app.db, req.query.role, {
        limit: req.query.limit ?? 100,
        ...(req.query.cursor ? { cursor: decodeCursor(req.query.cursor, 'text') } : {}),
      })
      const last = rows.at(-1)
      if (hasMore && last) reply.header('link', nextLink(req.url, encodeCursor(last)))
      reply.header('cache-control', 'no-store')
      return rows.map((u) => ({
        _id: u.id,
        name: u.name,
        email: u.email,
        role: u.role,
        ...(u.verified ? { verified: 'yes' as const } : {}),
      }))
    },
  )

  app.put(
    '/users/admin/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Verify a seller',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: modifyResultSchema },
      },
    },
    async (req) => {
      const modifiedCount = await verifySeller(app.db, onListingsChanged, req.params.id)
      return { acknowledged: true as const, modifiedCount }
    },
  )

  app.put(
    '/users/:id/unverify',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: "Withdraw a seller's verification, with a reason mailed to them",
        params: z.object({ id: z.string().max(64) }),
        body: unverifyBodySchema,
        response: { 200: modifyResultSchema },
      },
    },
    async (req) => {
      const modifiedCount = await unverifySeller(app.db, onListingsChanged, app.mailer, req.params.id, req.body.reason)
      return { acknowledged: true as const, modifiedCount }
    },
  )

  app.get(
    '/users/:id/summary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: "An account's join date, listings, sales and reports, for the admin deciding on it",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: userSummarySchema },
      },
    },
    async (req, reply) => {
      const summary = await userSummary(app.db, req.params.id)
      if (!summary) throw new AppError(404, messages.users.notFound)
      reply.header('cache-control', 'no-store')
      return summary
    },
  )

  app.delete(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Delete a customer or seller (listings removed, unpaid bookings cancelled, paid orders kept)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: deleteResultSchema },
      },
    },
    async (req) => {
      const deletedCount = await deleteUser(app.db, onListingsChanged, signedInUser(req), req.params.id)
      return { acknowledged: true as const, deletedCount }
    },
  )

  const lookup = {
    config: { access: 'signed-in' as const },
    schema: { tags: ['users'], params: emailParamSchema },
  }

  app.get(
    '/users/admin/:email',
    { ...lookup, schema: { ...lookup.schema, summary: 'Is this account an admin?', response: { 200: isAdminSchema } } },
    async (req) => {
      const found = await emailScope(app.db, signedInUser(req), req.params.email)
      return { isAdmin: found?.role === 'admin' }
    },
  )

  app.get(
    '/users/seller/:email',
    {
      ...lookup,
      schema: { ...lookup.schema, summary: 'Is this account a seller?', response: { 200: isSellerSchema } },
    },
    async (req) => {
      const found = await emailScope(app.db, signedInUser(req), req.params.email)
      return { isSeller: found?.role === 'seller' }
    },
  )

  app.get(
    '/seller/verified/:email',
    {
      ...lookup,
      schema: { ...lookup.schema, summary: 'Is this seller verified?', response: { 200: isVerifiedSchema } },
    },
    async (req) => {
      const found = await emailScope(app.db, signedInUser(req), req.params.email)
      const isVerified = found?.role === 'seller' && found.verified
      const reason = found?.role === 'seller' && !isVerified ? await unverifiedReason(app.db, found.id) : null
      return { isVerified, ...(reason ? { reason } : {}) }
    },
  )
}
