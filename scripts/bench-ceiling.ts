// The ceiling of `npm run bench`: a bare Fastify process answering constant JSON bodies of the same size
// as the real endpoints. Reads { path: body } from the file named by argv[2]; prints its port on stdout.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>
const app = Fastify({ logger: false })
for (const [url, body] of Object.entries(bodies)) {
  app.get(url, (_req, reply) => {
    reply.type('application/json; charset=utf-8').send(body)
  })
}
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
