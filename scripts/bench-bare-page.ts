// The bare page of `npm run bench`: a Fastify process that answers GET /product/:id with one product page recorded
// from the real server (its HTML and headers), whatever the id, so the server-rendered page's requests/s can be put
// beside what Node + Fastify + HTTP alone do with the same bytes. It compresses the page once, as the real server
// does for the pages it keeps (apps/server/src/modules/pages/page-renderer.ts: Brotli quality 4 when asked for `br`,
// else gzip level 6), and answers those bytes every time: a constant route, the ceiling a page can reach.
// Reads { headers, html (base64) } from the file named by argv[2]; prints its port on stdout.
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import Fastify from 'fastify'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

const page = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  headers: Record<string, string | string[]>
  html: string
}
const html = Buffer.from(page.html, 'base64')
const br = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
const gzipped = await gz(html, { level: 6 })
const app = Fastify({ logger: false })
app.get('/product/:id', async (req, reply) => {
  reply.code(200).headers(page.headers)
  const accepts = String(req.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(br)
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipped)
  return reply.send(html)
})
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
