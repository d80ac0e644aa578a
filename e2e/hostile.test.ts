import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, type Session, signUp } from '../apps/server/test/auth-helpers.ts'
import { listingBody } from '../apps/server/test/fixtures.ts'
import { uploadPhoto } from '../apps/server/test/upload.ts'
import { DEMO, type Harness, logIn, startHarness } from './harness.ts'

/**
 * Stored XSS: script payloads written through the API into every text a user can write (names, listing title,
 * description, location, specialty, booking location, report note), then every page that shows them is opened.
 * Nothing may run (no `window.__xss`, no dialog, no blocked inline script either: a CSP violation would mean the
 * markup made it into the page and only the policy stopped it), and the payload must read as plain text.
 */
let h: Harness

/** A payload that runs `window.__xss = 1` and an alert if the page ever treats it as markup. */
const xss = (tag: string) => `${tag} <img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=1</script>`
const T = {
  sellerName: xss('SN'),
  customerName: xss('CN'),
  title: `${xss('TI')}"><svg onload=alert(1)>`,
  bookedTitle: xss('BT'),
  description: `${xss('DE')}<iframe src="javascript:window.__xss=1"></iframe>`,
  location: xss('LO'),
  specialty: xss('SP'),
  bookingLocation: xss('BL'),
  note: `${xss('NO')}<a href="javascript:window.__xss=1">click</a>`,
}

async function call(who: Session, method: 'POST' | 'PUT', url: string, payload?: object) {
  const res = await h.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json()
}

let productId = ''
let bookingId = ''

beforeAll(async () => {
  h = await startHarness()
  const seller = await signUp(h.app, { email: 'xss-seller@example.test', name: T.sellerName, role: 'seller' })
  const customer = await signUp(h.app, { email: 'xss-customer@example.test', name: T.customerName, role: 'customer' })
  const img = await uploadPhoto(h.app, seller)
  productId = (
    await call(
      seller,
      'POST',
      '/api/categoryDetails',
      listingBody(img, { title: T.title, description: T.description, location: T.location, specialty: T.specialty }),
    )
  ).insertedId
  const booked = (await call(seller, 'POST', '/api/categoryDetails', listingBody(img, { title: T.bookedTitle })))
    .insertedId
  await call(seller, 'PUT', `/api/users/seller/${productId}`) // advertised: on the home page too
  bookingId = (
    await call(customer, 'POST', '/api/bookings', {
      product_id: booked,
      number: '+1 555 0101',
      location: T.bookingLocation,
    })
  ).insertedId
  await call(customer, 'POST', '/api/wishlists', { product_id: productId })
  await call(customer, 'POST', '/api/reports', { product_id: productId, reason: 'other', note: T.note })
})
afterAll(() => h?.close())

/** A page that records anything a payload could do: the flag, dialogs, CSP violations. */
async function watchedPage() {
  const { page, context, errors } = await h.newPage()
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`)
    })
  })
  return { page, context, errors, dialogs }
}

/** Opens the page, waits for every payload to show as text, then checks nothing ran. */
async function visit(w: Awaited<ReturnType<typeof watchedPage>>, url: string, texts: string[]) {
  const { page, dialogs } = w
  await page.goto(url)
  // the text is the payload itself (a text node), not what a browser made of it
  await page
    .waitForFunction((ts) => ts.every((t) => document.body.textContent?.includes(t)), texts, { timeout: 20_000 })
    .catch(() => undefined)
  expect(new URL(page.url()).pathname, 'not sent elsewhere (login)').toBe(url)
  const body = (await page.locator('body').textContent()) ?? ''
  for (const text of texts) expect(body, url).toContain(text)
  await page.waitForTimeout(300) // an onerror of a broken image fires after load
  const state = await pageState(page)
  expect(state, url).toEqual({ xss: undefined, csp: [], injected: 0 })
  expect(dialogs, url).toEqual([])
}

/** What `visit` reads after a page settles: the flag, CSP violations, markup that got in. */
const pageState = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __xss?: number; __csp: string[] }
    return {
      xss: w.__xss,
      csp: w.__csp,
      injected: document.querySelectorAll('img[src="x"], svg[onload], iframe[src^="javascript"], a[href^="javascript"]')
        .length,
    }
  })

describe('stored XSS payloads', () => {
  it('the watch itself notices a payload that gets into the markup (so a pass means something)', async () => {
    const w = await watchedPage()
    try {
      const res = await w.page.goto('/')
      // the page itself carries the policy that backs this up
      const csp = (await res!.allHeaders())['content-security-policy'] ?? ''
      // this response's framework scripts carry its nonce; no other inline script or handler may run
      expect(/script-src ([^;]*)/.exec(csp)?.[1]).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}==?'$/)
      expect(csp).toContain("script-src-attr 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      await w.page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), T.sellerName)
      await w.page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length > 0)
      const state = await pageState(w.page)
      expect(state.injected).toBe(1)
      expect(state.csp.join()).toMatch(/script-src/) // the CSP blocked the inline handler, and said so
    } finally {
      await w.context.close()
    }
  })

  it('stay text on the home page', async () => {
    const w = await watchedPage()
    try {
      await visit(w, '/', [T.title])
    } finally {
      await w.context.close()
    }
    expect(w.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([])
  })

  it("stay text on the category and product pages and in the customer's orders, wishlist and payment", async () => {
    const w = await watchedPage()
    try {
      await logIn(w.page, 'xss-customer@example.test', PASSWORD)
      await visit(w, '/category/Tote', [T.title, T.bookedTitle, T.location, T.sellerName])
      await visit(w, `/product/${productId}`, [T.title, T.description, T.location, T.specialty, T.sellerName])
      await visit(w, '/dashboard/myOrders', [T.bookedTitle])
      await visit(w, '/dashboard/wishlist', [T.title])
      await visit(w, `/dashboard/payment/${bookingId}`, [T.bookedTitle])
    } finally {
      await w.context.close()
    }
    expect(w.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([])
  })

  it("stay text in the seller's products", async () => {
    const w = await watchedPage()
    try {
      await logIn(w.page, 'xss-seller@example.test', PASSWORD)
      await visit(w, '/dashboard/myProducts', [T.title, T.bookedTitle])
    } finally {
      await w.context.close()
    }
    expect(w.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([])
  })

  it("stay text in the admin's lists, reported items and outbox", async () => {
    const w = await watchedPage()
    try {
      await logIn(w.page, DEMO.admin)
      await visit(w, '/dashboard/allCustomers', [T.customerName])
      await visit(w, '/dashboard/allSellers', [T.sellerName])
      await visit(w, '/dashboard/reportedItems', [T.title, T.sellerName, T.note])
      await visit(w, '/dashboard/outbox', [T.customerName])
    } finally {
      await w.context.close()
    }
    expect(w.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([])
  })
})
