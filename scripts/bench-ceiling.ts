// The ceiling of `npm run bench`: a bare Fastify process answering the bench's routes with constant JSON bodies
// recorded from the real server, so the same request mix measures what Node + Fastify + HTTP alone can do.
// Reads [{ method, url, body, exact? }] from the file named by argv[2] (`exact`: bodies by full request URL);
// prints its port on stdout.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const routes = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  method: 'GET' | 'POST'
  url: string
  body: string
  exact?: Record<string, string>
}[]
const app = Fastify({ logger: false })
for (const { method, url, body, exact } of routes) {
  app.route({
    method,
    url,
    handler: (req, reply) => {
      reply.type('application/json; charset=utf-8').send(exact?.[req.url] ?? body)
    },
  })
}
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
