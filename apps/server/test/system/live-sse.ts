import http from 'node:http'

/**
 * A Server-Sent Events client for tests and the bench (Node 20 has no EventSource): one GET with
 * `Accept: text/event-stream`, parsed as the WHATWG spec says (fields id, event, data, retry; `:` comments; a blank
 * line ends a message). Everything it read is kept, in order.
 */

export interface SseMessage {
  /** A message's `id:` (a message of only an id sets the client's last event id without firing an event). */
  id?: string
  event?: string
  data?: string
  retry?: number
  /** A comment line (heartbeats), without the colon. */
  comment?: string
}

/** Incremental parser: feed it text as it arrives. */
export class SseParser {
  private buffer = ''
  private current: SseMessage = {}

  push(text: string): SseMessage[] {
    this.buffer += text
    const out: SseMessage[] = []
    for (;;) {
      const nl = this.buffer.search(/\r\n|\r|\n/)
      if (nl === -1) break
      const line = this.buffer.slice(0, nl)
      this.buffer = this.buffer.slice(nl + (this.buffer.startsWith('\r\n', nl) ? 2 : 1))
      if (line === '') {
        if (Object.keys(this.current).length > 0) out.push(this.current)
        this.current = {}
        continue
      }
      if (line.startsWith(':')) {
        out.push({ comment: line.slice(1).trim() })
        continue
      }
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      let value = colon === -1 ? '' : line.slice(colon + 1)
      if (value.startsWith(' ')) value = value.slice(1)
      if (field === 'data')
        this.current.data = this.current.data === undefined ? value : `${this.current.data}\n${value}`
      else if (field === 'id') this.current.id = value
      else if (field === 'event') this.current.event = value
      else if (field === 'retry' && /^\d+$/.test(value)) this.current.retry = Number(value)
    }
    return out
  }
}

export class SseClient {
  readonly messages: SseMessage[] = []
  /** The last `id:` received: what a browser would send as Last-Event-ID when it reconnects. */
  lastEventId: string | undefined
  /** Resolves when the server ends the stream (or it breaks). */
  readonly ended: Promise<void>
  private waiters: (() => void)[] = []
  private done = false

  private constructor(
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    private readonly res: http.IncomingMessage,
    readonly body: Promise<string>,
  ) {
    const parser = new SseParser()
    this.ended = new Promise((resolve) => {
      const finish = () => {
        this.done = true
        this.wakeAll()
        resolve()
      }
      res.on('end', finish)
      res.on('close', finish)
      res.on('error', finish)
    })
    if (status !== 200) return
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      for (const m of parser.push(chunk)) {
        if (m.id !== undefined) this.lastEventId = m.id
        this.messages.push(m)
      }
      this.wakeAll()
    })
  }

  /** Opens a stream; an answer other than 200 is kept whole in `body` (JSON errors). */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
        let body = Promise.resolve('')
        if (res.statusCode !== 200) {
          body = new Promise((r) => {
            let text = ''
            res.setEncoding('utf8')
            res.on('data', (c: string) => {
              text += c
            })
            res.on('end', () => r(text))
          })
        }
        resolve(new SseClient(res.statusCode ?? 0, res.headers, res, body))
      })
      req.on('error', reject)
    })
  }

  /** The live events (messages with data, but the stream's `ready`), as the browser would dispatch them. */
  get events() {
    return this.messages
      .filter((m) => m.data !== undefined && m.event !== 'ready')
      .map((m) => ({
        id: Number(m.id),
        type: m.event ?? 'message',
        data: JSON.parse(m.data!) as Record<string, unknown>,
      }))
  }

  private wakeAll() {
    const w = this.waiters
    this.waiters = []
    for (const f of w) f()
  }

  /** Waits until `check` holds on what was read (or the stream ends, or `ms` pass); answers whether it held. */
  async until(check: (c: SseClient) => boolean, ms = 10_000): Promise<boolean> {
    const deadline = Date.now() + ms
    while (!check(this)) {
      if (this.done || Date.now() >= deadline) return check(this)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(1, deadline - Date.now()))
        this.waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
    return true
  }

  /** Waits for the server to end the stream; answers whether it did within `ms`. */
  async endsWithin(ms = 10_000): Promise<boolean> {
    return this.until(() => this.done, ms)
  }

  get isOpen() {
    return !this.done
  }

  close() {
    this.res.destroy()
  }
}
