import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, type Harness, logIn, startHarness, VIEWPORTS } from './harness.ts'

// A page's first load (docs/decisions/011): the HTML carries a frame that paints before the app's JavaScript runs,
// the page's lazy chunks as <link rel="modulepreload">, its lead photo as <link rel="preload">, and the answers to
// its first GET calls; the app then asks the network for none of those again.

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

describe("a page's first load", () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`paints the header's frame from the HTML, where the app's header then stands (${viewport})`, async () => {
      const withoutScript = await h.browser.newContext({
        baseURL: h.baseUrl,
        viewport: VIEWPORTS[viewport],
        javaScriptEnabled: false,
      })
      const frame = await withoutScript.newPage()
      await frame.goto('/')
      const frameBrand = frame.getByRole('link', { name: 'Preloved Bags Co.' })
      await frameBrand.waitFor()
      const frameBox = await frameBrand.boundingBox()
      const frameHeader = await frame.locator('header').boundingBox()
      await withoutScript.close()

      const { page, context, errors } = await h.newPage(viewport)
      await page.goto('/')
      await page.getByRole('link', { name: 'Shop Now' }).waitFor() // the app has rendered the home page
      const appBox = await page.getByRole('link', { name: 'Preloved Bags Co.' }).first().boundingBox()
      const appHeader = await page.locator('header').first().boundingBox()
      expect(frameBox).not.toBeNull()
      expect(appBox).toEqual(frameBox)
      expect(appHeader).toEqual(frameHeader)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('of a category page asks the network for none of the answers in the page, and for the lead photo once', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await logIn(page, DEMO.customer)
    await page.goto('about:blank') // nothing of the home page (its photos) still loading
    const requests = recordRequests(page)
    await page.goto('/category/Tote')
    await page.getByRole('heading', { name: 'Tote Bags', level: 1 }).waitFor()
    await page
      .getByRole('button', { name: /Book now/i })
      .first()
      .waitFor()

    const html = await (await fetch(`${h.baseUrl}/category/Tote`)).text()
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    expect(preloaded.length).toBeGreaterThan(0)

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
    const named = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))
    expect(scripts.filter((script) => !named.has(script))).toEqual([])

    // the preload and the card's <img> pick the same file of the srcset: it is fetched once
    const listings = (await (await fetch(`${h.baseUrl}/api/categoryDetails/Tote`)).json()) as Record<string, string>[]
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

  it('moving within the app asks the API: the answers in the page served its first load only', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.customer) // ends on home, reached within the app
    const requests = recordRequests(page)
    await page.locator('main a[href="/category/Tote"]').first().click()
    await page.getByRole('heading', { name: 'Tote Bags', level: 1 }).waitFor()
    const api = requests.filter((r) => r.resourceType() === 'fetch').map(pathOf)
    expect(api).toContain('/api/categoryDetails/Tote')
    expect(errors).toEqual([])
    await context.close()
  })
})
