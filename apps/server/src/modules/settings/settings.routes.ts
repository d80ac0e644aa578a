import { type Settings, settingsResponseSchema, settingsSchema } from '@preloved/shared/settings'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MicroCache } from '../../lib/micro-cache.ts'
import { readSettings, writeSettings } from './settings.repository.ts'

/**
 * The shop's public settings (the blog's tagline, the footer's social links): anyone reads them, an admin changes
 * them. Kept in memory for a minute; a change replaces them at once and empties the signed-out page cache, whose
 * pages show them. Answers carry an ETag and `no-cache`: browsers and CDNs keep them and ask whether they changed.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // other instances' changes show within a minute; a read begun before a change is never kept after it
  const cache = new MicroCache<Settings>(60_000, 1)
  const current = async () => {
    const hit = cache.get('settings')
    if (hit) return hit
    const since = cache.version
    const read = await readSettings(app.db)
    cache.set('settings', read, since)
    return read
  }
  const tags = ['settings']

  app.get(
    '/settings',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Blog tagline and social links', response: { 200: settingsResponseSchema } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache')
      return current()
    },
  )

  app.put(
    '/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change the settings (admin; an empty link hides it)',
        body: settingsSchema,
        response: { 200: settingsResponseSchema },
      },
    },
    async (req) => {
      await writeSettings(app.db, req.body, app.now())
      cache.clear()
      app.pageCache.clear()
      return current()
    },
  )
}
