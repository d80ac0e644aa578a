import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database, Db } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
  }
}

/** Exposes the opened database as `app.db` and closes it with the app. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: Database; owned: boolean }) => {
  app.decorate('database', opts.database)
  app.decorate('db', opts.database.db)
  if (opts.owned) {
    app.addHook('onClose', async () => {
      await opts.database.close()
    })
  }
})
