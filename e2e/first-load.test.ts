import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiAs, DEMO, type Harness, logIn, signIn, startHarness, VIEWPORTS, waitForHydration } from './harness.ts'

// A page's first load, as React Router's framework mode gives it (docs/decisions/015): the server renders the page
// with its content, names every script the page runs as <link rel="modulepreload">, and puts the answers its loaders
// read into the page, so the browser asks the API for none of them again; hydration takes over without an error and
// without moving anything; public pages load no zod.

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  return requests
}

const pathOf = (request: Request) => {
  const url = new URL(request.url())
  return `${url.pathname}${url.search}`
}

/** The scripts a page's HTML names: its entry and every module it preloads. */
const namedScripts = (html: string) =>
  new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))

/** The files whose code holds zod (its error class is in every build of it). */
async function zodFiles(scripts: Iterable<string>): Promise<string[]> {
  const found: string[] = []
  for (const script of scripts) {
    const code = await (await fetch(`${h.baseUrl}${script}`)).text()
    if (code.includes('ZodError')) found.push(script)
  }
  return found
}

let productPath = ''
beforeAll(async () => {
  const res = await fetch(`${h.baseUrl}/api/categoryDetails?advertised=true&limit=1`)
  const [product] = (await res.json()) as { _id: string }[]
  productPath = `/product/${product!._id}`
})

describe("a public page's first load", () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`arrives with its content, and hydration moves nothing (${viewport})`, async () => {
      for (const path of ['/', productPath]) {
        const withoutScript = await h.browser.newContext({
          baseURL: h.baseUrl,
          viewport: VIEWPORTS[viewport],
          javaScriptEnabled: false,
        })
        const frame = await withoutScript.newPage()
        await frame.goto(path)
        const heading = frame.getByRole('heading', { level: 1 })
        const title = (await heading.innerText()).trim()
        expect(title.length, path).toBeGreaterThan(0)
        const frameBrand = await frame.getByRole('link', { name: 'Preloved Bags Co.' }).first().boundingBox()
        const frameHeading = await heading.boundingBox()
        await withoutScript.close()

        const { page, context, errors } = await h.newPage(viewport)
        await page.goto(path)
        expect((await page.getByRole('heading', { level: 1 }).innerText()).trim()).toBe(title)
        expect(frameBrand).not.toBeNull()
        expect(await page.getByRole('link', { name: 'Preloved Bags Co.' }).first().boundingBox()).toEqual(frameBrand)
        expect(await page.getByRole('heading', { level: 1 }).boundingBox(), path).toEqual(frameHeading)
        expect(errors).toEqual([])
        await context.close()
      }
    })
  }

  it('the home and product pages load no zod: their answers came with the HTML', async () => {
    for (const path of ['/', '/categories', '/blogs', productPath]) {
      const { page, context, errors } = await h.newPage('phone')
      const requests = recordRequests(page)
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      const scripts = requests.filter((r) => r.resourceType() === 'script').map((r) => new URL(r.url()).pathname)
      expect(scripts.length, path).toBeGreaterThan(0)
      expect(await zodFiles(scripts), path).toEqual([])
      // no API call: the page's answers came with it (route discovery's /__manifest is the framework's, not data)
      const api = requests.map(pathOf).filter((call) => call.startsWith('/api/'))
      expect(api, path).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    }
  })
})

// Home, categories and blogs, for a signed-out visitor: read, then left by a link. Their scripts wait, inert in the
// HTML, for the visitor's first touch or key (apps/web/src/app/hydrate-on-intent.ts, docs/decisions/016).
describe('a reading page, for a signed-out visitor', () => {
  /** A page loaded as a person loads it: nothing pressed, no waiting for hydration (the harness's goto would). */
  async function openUntouched(path: string, viewport: keyof typeof VIEWPORTS) {
    const context = await h.browser.newContext({ baseURL: h.baseUrl, viewport: VIEWPORTS[viewport] })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const requests = recordRequests(page)
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    return { page, context, errors, requests }
  }
  const scriptsOf = (requests: Request[]) => requests.filter((r) => r.resourceType() === 'script')
  const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true')

  it('loads no script until the visitor acts; a button tapped first is answered once the page has taken over', async () => {
    for (const path of ['/categories', '/blogs']) {
      const { page, context, requests } = await openUntouched(path, 'phone')
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(scriptsOf(requests), path).toEqual([])
      await context.close()
    }
    const { page, context, errors, requests } = await openUntouched('/', 'phone')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(scriptsOf(requests)).toEqual([])
    expect(await hydrated(page)).toBe(false)

    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.click()
    await waitForHydration(page)
    expect(scriptsOf(requests).length).toBeGreaterThan(0)
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true')
    await menu.click()
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false')
    expect(await page.locator('#deferred-scripts').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('a key pressed on a focused button counts as acting, and its press is kept too', async () => {
    const { page, context, errors } = await openUntouched('/', 'phone')
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.focus()
    await page.keyboard.press('Enter')
    await waitForHydration(page)
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a link followed before any script ran is an ordinary page load; on the product page it opens, a thumbnail tapped first is answered', async () => {
    const { page, context, errors } = await openUntouched('/', 'desktop')
    const card = page.locator('main a[href^="/product/"]').first()
    const href = (await card.getAttribute('href')) ?? ''
    const [response] = await Promise.all([
      page.waitForResponse(
        (res) => new URL(res.url()).pathname === href && res.request().resourceType() === 'document',
      ),
      card.click(),
    ])
    expect(response.status()).toBe(200)
    // the press on the home page's link was a touch there: what it started belongs to the page left behind
    const onProduct = recordRequests(page)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    // a signed-out visitor reads the bag: its scripts wait for a touch (docs/decisions/021)
    expect(scriptsOf(onProduct)).toEqual([])
    expect(await hydrated(page)).toBe(false)
    const second = page.getByRole('button', { name: /^Photo 2 of \d+$/ })
    await second.click()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(scriptsOf(onProduct).length).toBeGreaterThan(0)
    // the press made before the page took over was made again once it had
    await expect.poll(() => second.getAttribute('aria-current')).toBe('true')
    expect(errors).toEqual([])
    await context.close()
  })

  it("a signed-in visitor's home hydrates at once", async () => {
    const { page, context } = await h.newPage('phone')
    await signIn(page, DEMO.customer)
    const res = await page.goto('/')
    expect(await res?.text()).not.toContain('deferred-scripts')
    await context.close()
  })
})

describe("a signed-in page's first load", () => {
  it('of a category page asks the network for none of the answers in the page, and for the lead photo once', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await signIn(page, DEMO.customer)
    await page.goto('about:blank') // nothing of the home page (its photos) still loading
    const requests = recordRequests(page)
    const res = await page.goto('/category/Tote')
    const html = (await res?.text()) ?? ''
    await page.getByRole('heading', { name: 'Tote Bags', level: 1 }).waitFor()
    await page
      .getByRole('button', { name: /Book now/i })
      .first()
      .waitFor()

    const api = requests.filter((r) => r.resourceType() === 'fetch').map(pathOf)
    const answered = [
      '/api/auth/get-session',
      '/api/categoryDetails/Tote',
      '/api/categories',
      `/api/bookings?${new URLSearchParams({ email: DEMO.customer })}`,
    ]
    for (const call of answered) expect(api, call).not.toContain(call)

    // every script the page ran was named in its HTML (no chunk found only once another had arrived)
    const scripts = requests.filter((r) => r.resourceType() === 'script').map((r) => new URL(r.url()).pathname)
    const named = namedScripts(html)
    expect(named.size).toBeGreaterThan(0)
    expect(scripts.filter((script) => !named.has(script))).toEqual([])

    // the preload React writes for the first card's photo and the card's <img> pick the same file: fetched once
    const listings = await apiAs<Record<string, string>[]>(page, '/api/categoryDetails/Tote')
    const files = [listings[0]!.img, listings[0]!.thumb]
    await page
      .locator('main img')
      .first()
      .evaluate(
        (img: HTMLImageElement) => img.complete || new Promise((resolve) => img.addEventListener('load', resolve)),
      )
    expect(requests.filter((r) => files.includes(pathOf(r)))).toHaveLength(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('moving within the app asks the API (its client loaders), never the page renderer', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.customer) // ends on home, reached within the app
    const requests = recordRequests(page)
    await page.locator('main a[href="/category/Tote"]').first().click()
    await page.getByRole('heading', { name: 'Tote Bags', level: 1 }).waitFor()
    await page.locator('main a[href^="/product/"]').first().click()
    await page.waitForURL('**/product/*')
    await page.getByRole('heading', { level: 1 }).waitFor()
    const api = requests.filter((r) => r.resourceType() === 'fetch').map(pathOf)
    expect(api).toContain('/api/categoryDetails/Tote')
    expect(api.some((call) => call.startsWith('/api/products/'))).toBe(true)
    expect(api.filter((call) => call.endsWith('.data') || call.includes('.data?'))).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})

// Every page of the route table, loaded fresh as each kind of visitor: the server's HTML and the browser's first
// render agree (React reports any difference as a console error), and nothing else goes wrong on the way.
describe('hydration', () => {
  const visit = async (page: Page, errors: string[], path: string) => {
    const res = await page.goto(path)
    await page.waitForLoadState('networkidle')
    await waitForHydration(page)
    const status = res?.status() ?? 0
    // Chromium reports a page's own 404 as a failed load; that one is the answer asked for
    const unexpected = errors.filter((error) => !(status === 404 && error.includes('status of 404')))
    expect(unexpected, path).toEqual([])
    errors.length = 0
  }

  it('produces no console error on any page, for a visitor, a customer, a seller and the admin', async () => {
    const [post] = await (await fetch(`${h.baseUrl}/api/posts`)).json()
    const publicPages = [
      '/',
      '/blogs',
      `/blogs/${post.slug}`,
      '/categories',
      productPath,
      '/become-a-seller',
      '/login',
      '/signup',
      '/forgot-password',
    ]
    const visitor = await h.newPage('phone')
    for (const path of [...publicPages, '/reset-password?token=x', '/no/such/page', '/category/Tote', '/dashboard'])
      await visit(visitor.page, visitor.errors, path)
    await visitor.context.close()

    const customer = await h.newPage('phone')
    await logIn(customer.page, DEMO.customer)
    const booking = await apiAs<{ _id: string }[]>(customer.page, `/api/bookings?email=${DEMO.customer}`)
    expect(booking.length, "the demo customer's bookings").toBeGreaterThan(0)
    for (const path of [
      ...publicPages,
      '/category/Tote',
      '/dashboard',
      '/dashboard/myOrders',
      '/dashboard/wishlist',
      `/dashboard/payment/${booking[0]!._id}`,
    ])
      await visit(customer.page, customer.errors, path)
    await customer.context.close()

    const seller = await h.newPage('desktop')
    await logIn(seller.page, DEMO.verifiedSeller)
    const sales = await apiAs<{ _id: string }[]>(seller.page, '/api/orders?role=seller&limit=1')
    expect(sales.length, "the demo seller's sales").toBe(1)
    for (const path of [
      '/',
      '/dashboard',
      '/dashboard/addProducts',
      '/dashboard/myProducts',
      '/dashboard/mySales',
      `/dashboard/orders/${sales[0]!._id}`,
      `/dashboard/orders/${sales[0]!._id}/receipt`,
      productPath,
    ])
      await visit(seller.page, seller.errors, path)
    await seller.context.close()

    const admin = await h.newPage('desktop')
    await logIn(admin.page, DEMO.admin)
    for (const path of [
      '/dashboard',
      '/dashboard/allCustomers',
      '/dashboard/allSellers',
      '/dashboard/reportedItems',
      '/dashboard/outbox',
      '/dashboard/posts',
      '/dashboard/posts/new',
      '/dashboard/settings',
      '/dashboard/myOrders',
    ])
      await visit(admin.page, admin.errors, path)
    await admin.context.close()
  }, 240_000)
})
