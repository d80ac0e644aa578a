import { blockSchema } from '@preloved/shared/conversations'
import { deleteResultSchema } from '@preloved/shared/products'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { signedInUser } from '../../plugins/auth.ts'
import { blockUser, listBlocks, unblockUser } from './blocks.ts'

const userParams = z.object({ userId: z.string().min(1).max(200) })

/**
 * Blocks: either party of a conversation can block the other; then no messages or offers pass between
 * them, either way, and the blocked member is not told why.
 */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 30, windowMs: 10 * 60_000, key: (req) => `block:${req.user?.id}` })

  app.get(
    '/blocks',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: 'The members you blocked, newest first',
        response: { 200: z.array(blockSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return listBlocks(app.db, signedInUser(req))
    },
  )

  app.post(
    '/blocks/:userId',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['messages'],
        summary:
          'Block a member: no messages or offers between you either way (they are not told); idempotent. The name is ' +
          'the one you already see (in full only for sellers and the people you deal with; "Emma W." otherwise)',
        params: userParams,
        response: { 200: blockSchema },
      },
    },
    async (req) => blockUser(app.db, signedInUser(req), req.params.userId, app.now()),
  )

  app.delete(
    '/blocks/:userId',
    {
      config: { access: 'signed-in' },
      preHandler: perAccount,
      schema: {
        tags: ['messages'],
        summary: 'Unblock a member; idempotent (deletedCount 0 when they were not blocked)',
        params: userParams,
        response: { 200: deleteResultSchema },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      deletedCount: await unblockUser(app.db, signedInUser(req).id, req.params.userId),
    }),
  )
}
