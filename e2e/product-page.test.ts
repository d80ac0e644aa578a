import { CONDITION_DEFINITIONS, NOT_STATED } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  allA11yViolations,
  apiAs,
  DEMO,
  type Harness,
  logIn,
  screenshot,
  startHarness,
  viewportShot,
} from './harness.ts'

// The product page's gallery (thumbnails, arrow keys, swipe, zoom), its fields as a buyer
// reads them, its seller leading to the seller's profile, and that profile listing the bag. One server for the file;
// the listings are made through the API as the demo verified seller, with photos uploaded through POST /api/images.

let h: Harness
const text = messages.productPage
const PHOTOS = 5
const COLOURS = ['#6b4423', '#1c1c1c', '#c08a55', '#b3202a', '#2b4f8f']
let bag: { _id: string; title: string; sellerId: string; seller: string; photos: { url: string; thumb: string }[] }
let plainId = ''

type Created = { insertedId: string }
type Listing = typeof bag & { brand: string | null }

/** A photo made here: a flat colour with a lighter square, so that each of the five is told apart by its pixels. */
const photo = async (colour: string) =>
  sharp({ create: { width: 800, height: 800, channels: 3, background: colour } })
    .composite([
      {
        input: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f3e9d8' } })
          .png()
          .toBuffer(),
        left: 250,
        top: 250,
      },
    ])
    .png()
    .toBuffer()

/** POST /api/images as the signed-in page (its bearer token), as the Add Product form sends a photo. */
const upload = (page: Page, png: Buffer) =>
  page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const body = new FormData()
    body.append('image', new Blob([bytes], { type: 'image/png' }), 'bag.png')
    const res = await fetch('/api/images', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      body,
    })
    return ((await res.json()) as { data: { url: string } }).data.url
  }, png.toString('base64'))

const spec = {
  phone: '+1 212 555 0100',
  original_price: 5200,
  location: 'Chelsea, London',
  year: '2019',
  category: 'Shoulder',
}

beforeAll(async () => {
  h = await startHarness()
  const { page, context } = await h.newPage('desktop')
  await logIn(page, DEMO.verifiedSeller)
  const urls: string[] = []
  for (const colour of COLOURS) urls.push(await upload(page, await photo(colour)))
  const created = await apiAs<Created>(page, '/api/categoryDetails', {
    method: 'POST',
    body: {
      ...spec,
      title: 'Gallery test flap bag',
      resell_price: 3150,
      condition: 'good',
      description: 'Quilted lambskin with the chain strap.\nKept in its dust bag.',
      img: urls[0],
      photos: urls,
      brand: 'Chanel',
      colour: 'black',
      material: 'leather',
      wear: { corners: 'Light rubbing on two corners.', hardware: 'Faint scratches on the clasp.' },
      measurements: { width: 25, height: 15.5, depth: 6, strapDrop: 50 },
      includes: ['dust bag', 'box'],
    },
  })
  // the original call with the original fields only: brand, colour and material left out
  const plain = await apiAs<Created>(page, '/api/categoryDetails', {
    method: 'POST',
    body: {
      ...spec,
      title: 'Plain spec tote',
      resell_price: 120,
      condition: 'fair',
      description: 'A tote listed with the first fields only.',
      img: urls[0],
    },
  })
  plainId = plain.insertedId
  bag = await (await page.request.get(`/api/products/${created.insertedId}`)).json()
  expect(bag.photos).toHaveLength(PHOTOS)
  await context.close()
}, 60_000)
afterAll(async () => {
  await h?.close()
})

/** The gallery's thumbnail buttons, in order. */
const thumbs = (page: Page) => page.getByRole('button', { name: /^Photo \d+ of \d+$/ })
/** The photo in view: the one slide button that is not inert. */
const shownPhoto = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-gallery="photo"]:not([inert] *)')
    return button?.getAttribute('aria-label') ?? null
  })
/** Which photo the strip has come to rest on (by its scroll position). */
const stripAt = (page: Page, n: number) =>
  page.waitForFunction((index) => {
    const strip = document.querySelector('[data-gallery="photo"]')?.closest('div')?.parentElement
    return strip !== null && strip !== undefined && Math.round(strip.scrollLeft / strip.clientWidth) === index
  }, n - 1)
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)

async function expectAxeClean(page: Page, what: string) {
  expect(await allA11yViolations(page), what).toEqual([])
}

describe('the product page', () => {
  it.each(['desktop', 'phone'] as const)(
    'at %s width: thumbnails and arrow keys move the photos; the zoom is a dialog that Escape closes',
    async (viewport) => {
      const { page, context, errors } = await h.newPage(viewport)
      await page.goto(`/product/${bag._id}`)
      await page.getByRole('heading', { level: 1, name: bag.title }).waitFor()
      const gallery = page.getByRole('region', { name: text.gallery(bag.title) })
      expect(await gallery.getAttribute('aria-roledescription')).toBe('carousel')
      expect(await thumbs(page).count()).toBe(PHOTOS)
      expect(await thumbs(page).first().getAttribute('aria-current')).toBe('true')
      expect(await shownPhoto(page)).toBe(text.zoomPhoto(1, PHOTOS))
      await screenshot(page, `product-page-${viewport}`)
      await expectAxeClean(page, `product page, ${viewport}`)

      // a thumbnail shows its photo
      await page.getByRole('button', { name: 'Photo 3 of 5', exact: true }).click()
      await stripAt(page, 3)
      expect(await page.getByRole('button', { name: 'Photo 3 of 5', exact: true }).getAttribute('aria-current')).toBe(
        'true',
      )
      expect(await thumbs(page).first().getAttribute('aria-current')).toBeNull()
      expect(await shownPhoto(page)).toBe(text.zoomPhoto(3, PHOTOS))
      // the arrow keys move it, focus following on the thumbnails; past the last comes the first
      await page.keyboard.press('ArrowRight')
      await stripAt(page, 4)
      expect(await focusedLabel(page)).toBe('Photo 4 of 5')
      await page.keyboard.press('End')
      await stripAt(page, 5)
      await page.keyboard.press('ArrowRight')
      await stripAt(page, 1)
      expect(await focusedLabel(page)).toBe('Photo 1 of 5')
      await page.keyboard.press('ArrowLeft')
      await stripAt(page, 5)
      expect(await shownPhoto(page)).toBe(text.zoomPhoto(5, PHOTOS))

      // a swipe (here: a sideways scroll of the strip) selects the photo it comes to rest on
      const strip = page.locator('[data-gallery="photo"]').first().locator('xpath=../..')
      await strip.evaluate((el) => el.scrollTo({ left: el.clientWidth, behavior: 'instant' }))
      await page.waitForFunction(
        () => document.querySelector('[aria-label="Photo 2 of 5"]')?.getAttribute('aria-current') === 'true',
      )

      // zoom: the photo in view opens full size in a modal dialog; the arrows move it there too
      await page.getByRole('button', { name: text.zoomPhoto(2, PHOTOS) }).click()
      const zoom = page.getByRole('dialog', { name: bag.title })
      await zoom.waitFor()
      expect(await zoom.getByRole('img').getAttribute('src')).toBe(bag.photos[1]!.url)
      await zoom.getByText('Photo 2 of 5').waitFor()
      await page.keyboard.press('ArrowRight')
      await zoom.getByText('Photo 3 of 5').waitFor()
      expect(await zoom.getByRole('img').getAttribute('src')).toBe(bag.photos[2]!.url)
      await zoom.getByRole('button', { name: text.previousPhoto }).click()
      await zoom.getByText('Photo 2 of 5').waitFor()
      await viewportShot(page, `product-zoom-${viewport}`)
      await expectAxeClean(page, `zoom, ${viewport}`)
      // Escape closes it; focus is back on the photo it was showing
      await page.keyboard.press('Escape')
      await zoom.waitFor({ state: 'hidden' })
      expect(await focusedLabel(page)).toBe(text.zoomPhoto(2, PHOTOS))
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it("shows every field as a buyer reads them, 'Not stated' for what a seller left out, and the rows below", async () => {
    const { page, context, errors } = await h.newPage('desktop')
    const res = await page.goto(`/product/${bag._id}`)
    const html = await res!.text()
    const main = page.getByRole('main')
    const details = page.getByRole('region', { name: text.details })
    const value = (term: string) => details.locator('div', { has: page.locator('dt', { hasText: term }) }).locator('dd')
    // the brand, leading to its search; colour with its swatch; the condition with its definition
    const brand = value(text.brand).getByRole('link', { name: 'Chanel' })
    expect(await brand.getAttribute('href')).toBe('/search?brand=chanel')
    expect(await value(text.condition).innerText()).toContain(CONDITION_DEFINITIONS.good)
    expect((await value(text.colour).innerText()).trim()).toBe('Black')
    expect((await value(text.material).innerText()).trim()).toBe('Leather')
    expect(await value(text.measurements).innerText()).toBe('Width 25 cm\nHeight 15.5 cm\nDepth 6 cm\nStrap drop 50 cm')
    expect(await value(text.includes).innerText()).toBe('Dust bag, Box')
    expect(await value(text.year).innerText()).toBe('2019')
    expect(await value(text.location).innerText()).toBe(spec.location)
    expect(await value(text.category).innerText()).toBe('Shoulder Bags')
    const wear = page.getByRole('region', { name: text.wear })
    expect(await wear.locator('dt').allInnerTexts()).toEqual(['Corners', 'Hardware'])
    await wear.getByText('Light rubbing on two corners.').waitFor()
    await main.getByText('Kept in its dust bag.').waitFor()
    // the price as every card shows it
    expect(await main.getByText('$3,150.00').count()).toBeGreaterThan(0)
    // the seller's name leads to their profile, with the verified badge
    const sellerCard = page.getByRole('region', { name: text.soldBy })
    expect(await sellerCard.getByRole('link', { name: bag.seller }).getAttribute('href')).toBe(
      `/seller/${bag.sellerId}`,
    )
    await sellerCard.getByText(messages.sellers.verified).waitFor()
    await sellerCard.getByText(/^Member since /).waitFor()
    // the seller's other bags, in the server's HTML already: each a link to its page, this one not among them
    const more = page.getByRole('region', { name: text.moreFromSeller })
    expect(html).toContain(text.moreFromSeller)
    const moreLinks = await more.locator('h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(moreLinks.length).toBeGreaterThan(0)
    expect(moreLinks).not.toContain(`/product/${bag._id}`)
    // share tags and JSON-LD: the lead photo, every photo, the brand
    expect(html).toContain(`<meta property="og:image" content="${h.baseUrl}${bag.photos[0]!.url}"/>`)
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)
    expect(ld.image).toEqual(bag.photos.map((p) => `${h.baseUrl}${p.url}`))
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'Chanel' })

    // a listing made with the original fields only: brand, colour and material read "Not stated"; one photo, no thumbnails
    await page.goto(`/product/${plainId}`)
    await page.getByRole('heading', { level: 1, name: 'Plain spec tote' }).waitFor()
    for (const term of [text.brand, text.colour, text.material]) {
      expect((await value(term).innerText()).trim(), term).toBe(NOT_STATED)
    }
    expect(await thumbs(page).count()).toBe(0)
    expect(await page.getByRole('button', { name: text.zoomPhoto(1, 1) }).count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('offers "Similar bags": same brand or category, close in price, never the bag itself', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto(`/product/${bag._id}`)
    const similar = page.getByRole('region', { name: text.similarBags })
    await similar.waitFor()
    const hrefs = await similar.locator('h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(hrefs.length).toBeGreaterThan(0)
    expect(hrefs).not.toContain(`/product/${bag._id}`)
    for (const href of hrefs) {
      const other = (await (
        await page.request.get(`/api${href!.replace('/product/', '/products/')}`)
      ).json()) as Listing & {
        category: string
        resell_price: number
      }
      expect(other.brand === 'Chanel' || other.category === 'Shoulder', other.title).toBe(true)
      expect(other.resell_price).toBeGreaterThanOrEqual(3150 * 0.6 - 1)
      expect(other.resell_price).toBeLessThanOrEqual(3150 * 1.4 + 1)
    }
    await context.close()
  })
})

describe('the seller profile', () => {
  it.each(['desktop', 'phone'] as const)(
    "at %s width: the product page's seller leads to a profile that lists the bag",
    async (viewport) => {
      const { page, context, errors } = await h.newPage(viewport)
      await page.goto(`/product/${bag._id}`)
      await page.getByRole('region', { name: text.soldBy }).getByRole('link', { name: bag.seller }).click()
      await page.waitForURL(`**/seller/${bag.sellerId}`)
      await page.getByRole('heading', { level: 1, name: bag.seller }).waitFor()
      const header = page.locator('main header')
      await header.getByText(messages.sellers.verified).waitFor()
      await header.getByText(/^Member since [A-Z][a-z]+ \d{4}$/).waitFor()
      await header.getByText(/^\d+ listed$/).waitFor()
      await header.getByText(/^\d+ sold$/).waitFor()
      // no reviews yet: no stars at all
      expect(await header.getByText(/out of 5/).count()).toBe(0)
      const forSale = page.getByRole('region', { name: messages.sellers.forSale })
      await forSale.getByRole('link', { name: bag.title, exact: true }).waitFor()
      expect(await forSale.getByRole('link', { name: 'Plain spec tote', exact: true }).count()).toBe(1)
      // two cards side by side on a phone
      const boxes = await forSale
        .getByRole('listitem')
        .evaluateAll((items) => items.slice(0, 2).map((li) => li.getBoundingClientRect().top))
      expect(boxes[0]).toBe(boxes[1])
      await screenshot(page, `seller-profile-${viewport}`)
      await expectAxeClean(page, `seller profile, ${viewport}`)
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it('is server-rendered with its share tags; an unknown seller is the 404 page with status 404', async () => {
    const res = await fetch(`${h.baseUrl}/seller/${bag.sellerId}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(`<title>${messages.sellers.title(bag.seller).replace("'", '&#x27;')}</title>`)
    expect(html).toContain(`<link rel="canonical" href="${h.baseUrl}/seller/${bag.sellerId}"/>`)
    expect(html).toContain('Gallery test flap bag')
    expect(html).toMatch(/<meta name="description" content="Preloved bags from /)
    const { page, context } = await h.newPage('desktop')
    for (const id of ['no-such-seller', '00000000-0000-4000-8000-000000000000']) {
      const missing = await page.goto(`/seller/${id}`)
      expect(missing!.status()).toBe(404)
      await page.getByText(messages.common.notFoundPage).waitFor()
    }
    await context.close()
  })
})
