import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishLive } from '../apps/server/src/modules/live/live-bus.ts'
import { PASSWORD, signUp } from '../apps/server/test/auth-helpers.ts'
import { type Harness, logIn, startHarness } from './harness.ts'

// Live updates in a real browser: Chromium's own EventSource on GET /api/events, signed in by the session
// cookie alone, gets the user's events as they are published, and its stream ends (and stays ended) at sign-out.
// Events are published on the server in this process (the routes that publish are other features').

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

interface Seen {
  type: string
  id: string
  data?: Record<string, unknown>
}

/** Opens an EventSource in the page and records what it dispatches. */
const listen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { seen: Seen[]; es: EventSource }
    w.seen = []
    w.es = new EventSource('/api/events')
    w.es.addEventListener('ready', (e) => w.seen.push({ type: 'ready', id: (e as MessageEvent).lastEventId }))
    for (const type of ['notification', 'message', 'offer']) {
      w.es.addEventListener(type, (e) => {
        const m = e as MessageEvent<string>
        w.seen.push({ type, id: m.lastEventId, data: JSON.parse(m.data) })
      })
    }
  })
const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen)
const readyState = (page: Page) => page.evaluate(() => (window as unknown as { es: EventSource }).es.readyState)

describe('live updates in Chromium', () => {
  it('pushes the signed-in user their events over EventSource, and ends the stream at sign-out', async () => {
    const email = `live-e2e-${Date.now().toString(36)}@example.test`
    const user = await signUp(h.app, { name: 'Lena Live', email })
    const { page, context } = await h.newPage('desktop')
    await logIn(page, email, PASSWORD)
    await listen(page)
    await page.waitForFunction(() => (window as unknown as { seen: Seen[] }).seen.some((s) => s.type === 'ready'))
    expect(await readyState(page)).toBe(1) // OPEN

    const [event] = await publishLive(h.app.live, h.app.db, [user.id], 'notification', {
      notification: { text: 'Your bag has shipped' },
    })
    await page.waitForFunction(() =>
      (window as unknown as { seen: Seen[] }).seen.some((s) => s.type === 'notification'),
    )
    expect((await seen(page)).filter((s) => s.type !== 'ready')).toEqual([
      { type: 'notification', id: String(event!.seq), data: { notification: { text: 'Your bag has shipped' } } },
    ])

    // signing out in another tab of the same browser ends this tab's stream; the reconnection is refused (CLOSED)
    const other = await context.newPage()
    await other.goto('/')
    await other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' }).click()
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true }).waitFor()
    await page.waitForFunction(() => (window as unknown as { es: EventSource }).es.readyState === 2, null, {
      timeout: 20_000,
    })
    // nothing more arrives for that tab
    await publishLive(h.app.live, h.app.db, [user.id], 'notification', { notification: { text: 'after' } })
    await page.waitForTimeout(300)
    expect((await seen(page)).filter((s) => s.type === 'notification')).toHaveLength(1)
  })
})
