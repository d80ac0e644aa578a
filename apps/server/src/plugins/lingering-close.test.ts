import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { Worker } from 'node:worker_threads'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, type Session, signUp } from '../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { lingeringClosePlugin } from './lingering-close.ts'

/**
 * A body over the limit gets its 413 even while the client is still sending it (decision 031). The client runs in a
 * worker thread, as it would in a process of its own: with the server in the same event loop, it would always read
 * the answer before the connection was reset, and the bug would hide.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
;(async () => {
  const answers = []
  for (const { url, headers, body, chunked } of workerData.requests) {
    try {
      const init = { method: 'POST', headers, body }
      if (chunked) {
        // the same bytes as a stream: no Content-Length, the server only finds out while reading
        const bytes = Buffer.from(body)
        init.body = new ReadableStream({
          start(controller) {
            for (let at = 0; at < bytes.length; at += 256 * 1024) controller.enqueue(bytes.subarray(at, at + 256 * 1024))
            controller.close()
          },
        })
        init.duplex = 'half'
      }
      const res = await fetch(url, init)
      answers.push({ status: res.status, type: res.headers.get('content-type'), body: await res.text() })
    } catch (err) {
      answers.push({ error: String(err.cause?.code ?? err.message) })
    }
  }
  parentPort.postMessage(answers)
})()
`

interface Answer {
  status?: number
  type?: string | null
  body?: string
  error?: string
}

function fetchInWorker(
  requests: { url: string; headers: Record<string, string>; body: string; chunked?: boolean }[],
): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { requests } })
    worker.once('message', (answers: Answer[]) => {
      resolve(answers)
      void worker.terminate()
    })
    worker.once('error', reject)
  })
}

const FIVE_MB = 5 * 1024 * 1024

describe('a 5 MB JSON body sent with Node fetch to the listening app', () => {
  let t: TestApp
  let address: string
  let seller: Session

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_FACTOR: '100' })
    seller = await signUp(t.app, { email: 'linger-seller@example.test', role: 'seller' })
    address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => t.close())

  it('reads a 413 JSON answer every time, 15 times in a row, and the app answers normally after', async () => {
    const body = JSON.stringify({ email: 'someone@example.test', password: 'x'.repeat(FIVE_MB) })
    const json = { 'content-type': 'application/json', origin: ORIGIN }
    const requests = Array.from({ length: 15 }, (_, i) => ({
      // better-auth's catch-all, a signed-in route, and either without a Content-Length
      url: `${address}${i % 3 === 1 ? '/api/categoryDetails' : '/api/auth/sign-in/email'}`,
      headers: i % 3 === 1 ? { ...json, ...seller.bearer } : json,
      body,
      chunked: i % 3 === 2,
    }))
    const answers = await fetchInWorker(requests)
    expect(answers).toHaveLength(15)
    answers.forEach((answer, i) => {
      const what = `request ${i + 1}: ${JSON.stringify(answer).slice(0, 200)}`
      expect(answer.error, what).toBeUndefined()
      expect(answer.status, what).toBe(413)
      expect(answer.type, what).toMatch(/^application\/json/)
      expect(JSON.parse(answer.body ?? '{}'), what).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'Request body is too large',
      })
    })
    const health = await fetch(`${address}/api/health`)
    expect(health.status).toBe(200)
  })
})

/** A raw HTTP/1.1 client: what it writes, and everything it reads until the server closes or `ms` pass. */
async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let received = ''
  let closed = false
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1')
  })
  socket.on('error', () => {})
  socket.on('close', () => {
    closed = true
  })
  const waitFor = async (what: () => boolean, ms = 5000) => {
    const until = Date.now() + ms
    while (!what() && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
    return what()
  }
  return {
    socket: socket as Socket,
    received: () => received,
    closed: () => closed,
    waitFor,
    write: (data: string | Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve())),
  }
}

describe('lingering close within its bounds', () => {
  const app = Fastify({ bodyLimit: 1024 })
  let port: number

  beforeAll(async () => {
    await app.register(lingeringClosePlugin, { maxBytes: 256 * 1024, maxMs: 400 })
    app.post('/echo', async (req) => ({ got: (req.body as { a?: string }).a?.length ?? 0 }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as { port: number }).port
  })
  afterAll(() => app.close())

  const head = (length: number) =>
    `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`

  it('answers 413 before the body is sent, reads the rest, and keeps the connection for the next request', async () => {
    const c = await rawConnection(port)
    await c.write(head(100_000))
    expect(await c.waitFor(() => c.received().includes('\r\n\r\n{'))).toBe(true)
    expect(c.received()).toMatch(/^HTTP\/1\.1 413 /)
    expect(c.received()).not.toMatch(/connection: close/i)
    await c.write(Buffer.alloc(100_000, 0x20))
    const small = '{"a":"hello"}'
    await c.write(`${head(small.length)}${small}`)
    expect(await c.waitFor(() => c.received().includes('{"got":5}'))).toBe(true)
    expect(c.closed()).toBe(false)
    c.socket.destroy()
  })

  it('cuts the connection past the byte bound', async () => {
    const c = await rawConnection(port)
    await c.write(head(10_000_000))
    expect(await c.waitFor(() => c.received().startsWith('HTTP/1.1 413 '))).toBe(true)
    for (let sent = 0; sent < 2_000_000 && !c.closed(); sent += 64 * 1024) await c.write(Buffer.alloc(64 * 1024))
    expect(await c.waitFor(() => c.closed())).toBe(true)
  })

  it('cuts the connection when the rest of the body does not come in time', async () => {
    const c = await rawConnection(port)
    await c.write(head(10_000))
    await c.write('x'.repeat(100))
    expect(await c.waitFor(() => c.received().startsWith('HTTP/1.1 413 '))).toBe(true)
    const started = Date.now()
    expect(await c.waitFor(() => c.closed(), 3000)).toBe(true)
    expect(Date.now() - started).toBeLessThan(2000)
  })
})
