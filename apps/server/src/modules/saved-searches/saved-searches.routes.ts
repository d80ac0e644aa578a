import { idParamSchema } from '@preloved/shared/common'
import { messages } from '@preloved/shared/messages'
import {
  renameSavedSearchBodySchema,
  savedSearchBodySchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '@preloved/shared/notifications'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { findOwnSavedSearch, listSavedSearches, toSavedSearchJson } from './saved-searches.repository.ts'
import { createSavedSearch, deleteSavedSearch, renameSavedSearch } from './saved-searches.service.ts'

/**
 * Saved searches (docs/product/notifications.md#saved-searches): a signed-in user keeps up to 20 `/search` queries by name; new
 * listings that match are notified in the app by a background job within SAVED_SEARCH_MATCH_SECONDS (decision 033),
 * and mailed at most daily (saved-searches.service.ts).
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 60, windowMs: 60_000, key: (req) => `saved-searches:${req.user?.id}` })
  /** 404 for a saved search that is not the caller's, before the body is read (docs/product/storefront.md#status-precedence). */
  const own = async (req: FastifyRequest) => {
    const id = String((req.params as { id?: unknown }).id ?? '')
    if (!(await findOwnSavedSearch(app.db, signedInUser(req).id, id)))
      throw new AppError(404, messages.notifications.savedNotFound)
  }

  app.get(
    '/saved-searches',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['saved searches'],
        summary: 'Your saved searches, newest first',
        response: { 200: savedSearchListSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return (await listSavedSearches(app.db, signedInUser(req).id)).map(toSavedSearchJson)
    },
  )

  app.post(
    '/saved-searches',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['saved searches'],
        summary: 'Save a /search query by name (at most 20; the query checked as /search checks it)',
        body: savedSearchBodySchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (req, reply) => {
      const row = await createSavedSearch(app.db, signedInUser(req).id, req.body, app.now())
      return reply.code(201).send(toSavedSearchJson(row))
    },
  )

  app.patch(
    '/saved-searches/:id',
    {
      config: { access: 'signed-in' },
      preValidation: own,
      preHandler: perAccount,
      schema: {
        tags: ['saved searches'],
        summary: 'Rename one of your saved searches',
        params: idParamSchema,
        body: renameSavedSearchBodySchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (req) =>
      toSavedSearchJson(await renameSavedSearch(app.db, signedInUser(req).id, req.params.id, req.body.name)),
  )

  app.delete(
    '/saved-searches/:id',
    {
      config: { access: 'signed-in' },
      preValidation: own,
      preHandler: perAccount,
      schema: {
        tags: ['saved searches'],
        summary: 'Delete one of your saved searches',
        params: idParamSchema,
        response: { 200: z.object({ deletedCount: z.number().int() }) },
      },
    },
    async (req) => {
      await deleteSavedSearch(app.db, signedInUser(req).id, req.params.id)
      return { deletedCount: 1 }
    },
  )
}
