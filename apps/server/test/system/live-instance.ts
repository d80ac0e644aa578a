/**
 * A server instance for the live-update system test and `npm run bench:live`: the real app (buildApp, as
 * src/server.ts starts it, from the same environment), plus an internal publish path over the process's IPC channel
 * (never an HTTP route): the parent sends `{ publish: { ref, userIds, type, data } }` and gets `{ published: ref,
 * ids }` (each user's event number, what their stream shows as `id:`) once publishLive has written and woken. The system test uses it to publish exactly the events it checks
 * (besides the messages it sends through the real routes); `npm run bench:live` sends only through the routes. Start
 * it with `--import tsx` and an 'ipc' stdio slot.
 */
import type { LiveEventType } from '@preloved/shared/live'
import { buildApp } from '../../src/app.ts'
import { publishLive } from '../../src/modules/live/live-bus.ts'
import { loadConfig } from '../../src/plugins/config.ts'

interface PublishRequest {
  publish: { ref: number; userIds: string[]; type: LiveEventType; data: Record<string, unknown> }
}

const config = loadConfig()
const app = await buildApp(config)
await app.listen({ port: config.PORT, host: config.HOST })
const { port } = app.server.address() as { port: number }
process.stdout.write(`live instance listening at http://127.0.0.1:${port}\n`)

process.on('message', (msg: PublishRequest) => {
  if (!msg?.publish) return
  const { ref, userIds, type, data } = msg.publish
  publishLive(app.live, app.db, userIds, type, data).then(
    (events) => process.send?.({ published: ref, ids: events.map((e) => e.seq) }),
    (err: Error) => process.send?.({ published: ref, error: err.message }),
  )
})

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.on('disconnect', stop)
