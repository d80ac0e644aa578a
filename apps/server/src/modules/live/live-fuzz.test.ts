import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { HOSTILE } from '../../../test/hostile/hostile-strings.ts'
import { SseClient } from '../../../test/system/live-sse.ts'

// The stream side of GET /api/events, fuzzed over real HTTP (the generic fuzz suite reaches the polling side through
// inject): hostile Last-Event-ID headers, queries and credentials never give a 5xx; a refusal is our JSON error, an
// acceptance a text/event-stream, and no stream is left behind.

const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

let t: TestApp
let base: string
let user: Session
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '100' })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  user = await signUp(t.app, { email: 'live-fuzz@example.test' })
})
afterAll(() => t.close())

/** What an HTTP header may carry (no control characters): hostile strings and numbers near the limits. */
const headerValue = fc
  .oneof(
    fc.constantFrom(...HOSTILE),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('0', '-1', '1e3', '999999999999999', '9999999999999999', ' 5', '5 ', '0x10', ''),
  )
  .map((s) => s.replace(/[^\x20-\x7e]/g, ''))

it('GET /api/events as a stream: never a 5xx, a JSON refusal or a stream', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        lastEventId: fc.option(headerValue, { nil: undefined }),
        query: fc.array(fc.tuple(fc.constantFrom('lastEventId', 'after', 'poll', 'x'), headerValue), { maxLength: 3 }),
        auth: fc.constantFrom('cookie', 'bearer', 'none', 'garbage'),
      }),
      async (r) => {
        const headers: Record<string, string> = {}
        if (r.lastEventId !== undefined) headers['last-event-id'] = r.lastEventId
        if (r.auth === 'cookie') headers.cookie = user.cookie
        if (r.auth === 'bearer') headers.authorization = user.bearer.authorization
        if (r.auth === 'garbage') headers.authorization = 'Bearer x.y.z'
        const qs = r.query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')
        const c = await SseClient.open(`${base}/api/events${qs ? `?${qs}` : ''}`, headers)
        expect(c.status, JSON.stringify(r)).toBeLessThan(500)
        if (c.status === 200) {
          const type = String(c.headers['content-type'])
          if (type.startsWith('text/event-stream')) {
            expect(await c.until((x) => x.messages.length > 0, 5000)).toBe(true)
          } else {
            expect(type, JSON.stringify(r)).toMatch(/^application\/json/)
            expect(Array.isArray(JSON.parse(await c.body))).toBe(true)
          }
        } else {
          const body = JSON.parse(await c.body)
          expect(
            Object.keys(body)
              .filter((k) => k !== 'field')
              .sort(),
            JSON.stringify(r),
          ).toEqual(['error', 'message', 'statusCode'])
          expect(body.statusCode).toBe(c.status)
        }
        c.close()
      },
    ),
    { numRuns: RUNS, seed: SEED },
  )
  // every stream the fuzzing opened is gone once its client went away
  const deadline = Date.now() + 5000
  while (t.app.liveStreams.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  expect(t.app.liveStreams.size).toBe(0)
})
