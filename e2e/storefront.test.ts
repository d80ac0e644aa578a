import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, screenshot, seriousA11yViolations, startHarness } from './harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

describe('public storefront', () => {
  it('home shows the hero, advertised bags from the API, the categories and the sell banner', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/')
    await expect(
      page
        .getByRole('link', { name: /Preloved Bags Co\./ })
        .first()
        .isVisible(),
    ).resolves.toBe(true)
    await page.getByRole('link', { name: 'Shop Now' }).waitFor()
    await page.getByRole('heading', { name: 'Categories We offer' }).waitFor()
    expect(await page.getByText('Buy from us').first().isVisible()).toBe(true)

    // advertised items: the demo data's advertised listings, each with an Explore link to its category
    const advertised = (await (await fetch(`${h.baseUrl}/api/categoryDetails?advertised=true`)).json()) as {
      title: string
      category: string
    }[]
    expect(advertised.length).toBeGreaterThan(0)
    await page.getByText(advertised[0]!.title).first().waitFor()
    // each advertised title leads to the listing's own page
    const detail = page.getByRole('link', { name: advertised[0]!.title, exact: true }).first()
    expect(await detail.getAttribute('href')).toMatch(/^\/product\/[0-9a-f-]{36}$/)
    const explore = page.getByRole('link', { name: /Explore/ }).first()
    expect(await explore.getAttribute('href')).toMatch(/^\/category\/(Shoulder|Tote|Backpacks)$/)

    // three category cards with 'Check Out now'
    await expect(page.getByRole('link', { name: /Check Out now/ }).count()).resolves.toBe(3)
    // the 'Sell to us' banner leads to login
    const sell = page.getByRole('link', { name: "Let's Go" })
    expect(await sell.getAttribute('href')).toBe('/login')
    // footer: the copyright line; no social icons until an admin sets the shop's pages
    const footer = page.locator('footer')
    expect(await footer.getByText(/©/).count()).toBeGreaterThan(0)
    expect(await footer.getByRole('link').count()).toBeGreaterThanOrEqual(3)
    expect(await footer.getByRole('list', { name: 'Social media' }).count()).toBe(0)

    const images = await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((i) => ({ alt: i.getAttribute('alt'), src: i.getAttribute('src') })))
    expect(images.length).toBeGreaterThan(0)
    for (const img of images) expect(img.alt).toBeTruthy()

    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'home-desktop')
    expect(errors).toEqual([])
    await context.close()
  })

  it('home holds on a phone, with the menu still reachable', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await page.goto('/')
    await page.getByRole('heading', { name: 'Categories We offer' }).waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'home-phone')
    expect(errors).toEqual([])
    await context.close()
  })

  it('categories page lists the three categories, 1 column on phones and 3 on desktops', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/categories')
    const links = page.getByRole('link', { name: /Check Out now/ })
    await links.first().waitFor()
    expect(await links.count()).toBe(3)
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(['/category/Shoulder', '/category/Tote', '/category/Backpacks'])
    for (const title of ['Shoulder Bags', 'Tote Bags', 'Backpacks']) {
      await page.getByRole('heading', { name: title, exact: true }).first().waitFor()
    }
    const tops = await links.evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1) // three in one row
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'categories-desktop')
    await page.setViewportSize({ width: 390, height: 844 })
    const phoneTops = await links.evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().top)))
    expect(new Set(phoneTops).size).toBe(3) // one per row
    await context.close()
  })

  it('header links go home and to the blogs', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/categories')
    await page.getByRole('navigation').getByRole('link', { name: 'Blogs', exact: true }).first().click()
    await page.waitForURL('**/blogs')
    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).first().click()
    await page.waitForURL(`${h.baseUrl}/`)
    expect(await page.getByRole('link', { name: 'Login', exact: true }).first().isVisible()).toBe(true)
    await context.close()
  })

  it('blogs page shows the hero and the posts from the database (the original four questions among them), 2 per row on desktop', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/blogs')
    await page.getByRole('heading', { name: 'Our Blog', level: 1 }).waitFor()
    expect(await page.getByText('Catch Our Latest Blogs on technology and Libraries').isVisible()).toBe(true)
    const cards = page.locator('main article')
    expect(await cards.count()).toBe(8)
    const text = (await cards.allInnerTexts()).join('\n')
    expect(text).toMatch(/state/i)
    expect(text).toMatch(/prototyp/i)
    expect(text).toMatch(/unit test/i)
    expect(text).toMatch(/Angular/)
    expect(text).toMatch(/Vue/)
    expect(text).toMatch(/counterfeit/i)
    expect(text).toMatch(/Leather care/)
    expect(text).toMatch(/date codes/i)
    expect(text).toMatch(/Excellent, good or fair/)
    // each card opens its post's own page
    const hrefs = await page.locator('main article h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(hrefs).toHaveLength(8)
    for (const href of hrefs) expect(href).toMatch(/^\/blogs\/[a-z0-9-]+$/)
    for (const card of await cards.allInnerTexts()) expect(card.length).toBeGreaterThan(150)
    const tops = await cards.evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().top)))
    expect(tops[0]).toBe(tops[1])
    expect(tops[2]).toBeGreaterThan(tops[0]!)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'blogs-desktop')
    await context.close()
  })

  it('unknown paths show the page-not-found screen', async () => {
    const { page, context } = await h.newPage('desktop')
    const res = await page.goto('/no/such/page')
    expect(res?.status()).toBe(404)
    await page.getByText("Page doesn't exist or an error occurred").waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  it('a failing route shows the route-error screen whose Sign out clears the token and goes to /login', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/')
    await page.evaluate(() => localStorage.setItem('accessToken', 'stale-token'))
    await page.goto('/__error')
    await page.getByText('Something went wrong').waitFor()
    await page.getByText('Test failure').first().waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull()
    await context.close()
  })

  it('API paths never fall back to the app', async () => {
    const res = await fetch(`${h.baseUrl}/api/does-not-exist`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    const asset = await fetch(`${h.baseUrl}/assets/missing.js`)
    expect(asset.status).toBe(404)
  })
})
