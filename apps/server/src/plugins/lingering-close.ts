import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'

export interface LingerOptions {
  /** The most bytes of an unread body read and thrown away after the answer; past it the connection is cut. */
  maxBytes: number
  /** How long the rest of the body may take to arrive after the answer; past it the connection is cut. */
  maxMs: number
}

/** Enough for any client that sent a body a little or a lot too large to hear why; an attacker is cut off. */
export const LINGER_DEFAULTS: LingerOptions = { maxBytes: 64 * 1024 * 1024, maxMs: 30_000 }

/** Whether the request announced a body (a length, or chunks). */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

/**
 * Reads the rest of the request's body and throws it away, within the bounds, after the answer went out. The
 * connection stays open meanwhile: closed with unread bytes, the kernel would reset it, and a client still sending
 * (Node's fetch, mid-way through a 5 MB body) would lose the answer it had not read yet (EPIPE). Once the body is in,
 * the connection is an ordinary kept-alive one.
 */
function linger(req: IncomingMessage, reply: FastifyReply, { maxBytes, maxMs }: LingerOptions) {
  const socket = req.socket
  // Fastify asks to close after a refused body; Node then destroys the socket as soon as the answer is written
  reply.removeHeader('connection')
  reply.raw.shouldKeepAlive = true
  let received = 0
  const cut = () => {
    cleanUp()
    socket.destroy()
  }
  const timer = setTimeout(cut, maxMs)
  timer.unref()
  const onData = (chunk: Buffer | string) => {
    received += chunk.length
    if (received > maxBytes) cut()
  }
  const cleanUp = () => {
    clearTimeout(timer)
    req.off('data', onData)
    req.off('end', cleanUp)
    socket.off('close', cleanUp)
  }
  req.on('data', onData)
  req.once('end', cleanUp)
  socket.once('close', cleanUp)
  req.resume()
}

/**
 * Lingering close, as nginx does it (decision 031): an answer given before the request's body was read (413 for a body
 * over the limit, 401, 415…) is sent at once, and the rest of the body is read and discarded up to a bound, so the
 * client can finish sending and read the answer.
 */
export const lingeringClosePlugin = fp(
  async (app: FastifyInstance, opts: Partial<LingerOptions>) => {
    const options: LingerOptions = { ...LINGER_DEFAULTS, ...opts }
    app.addHook('onSend', async (req, reply, payload) => {
      // (`complete` is false only on a real socket's request still receiving its body; injected ones have none)
      if (req.raw.complete === false && hasBody(req.raw) && !reply.raw.headersSent) {
        linger(req.raw, reply, options)
      }
      return payload
    })
  },
  { name: 'lingering-close' },
)
