import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CONDITION_DEFINITIONS } from '@preloved/shared/constants'
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
  signIn,
  startHarness,
  VIEWPORTS,
} from './harness.ts'

// A seller lists a bag with four photos, reorders them by keyboard and by dragging, saves,
// edits the price down, and the cards show "Price dropped" with the old price struck through.

const m = messages.listingForm
const NAME = 'Black Quilted Flap Bag'

type Listing = {
  _id: string
  title: string
  img: string
  status: string
  sellerId: string
  brand: string | null
  brandSlug: string | null
  colour: string | null
  material: string | null
  condition: string
  wear: Record<string, string>
  measurements: Record<string, number>
  includes: string[]
  photos: { url: string; thumb: string }[]
  resell_price: number
  original_price: number
  previousPrice: number | null
  priceHistory?: { price: number; at: string }[]
}

let h: Harness
let tempDir: string
/** Four real photos, each mostly one colour (so that the stored order can be read back from the pixels). */
const photos: Record<'red' | 'green' | 'blue' | 'yellow', string> = { red: '', green: '', blue: '', yellow: '' }
const RGB = { red: [200, 30, 30], green: [30, 170, 40], blue: [30, 50, 200], yellow: [230, 200, 20] } as const

beforeAll(async () => {
  h = await startHarness()
  tempDir = await mkdtemp(path.join(tmpdir(), 'preloved-listing-form-'))
  for (const [colour, [r, g, b]] of Object.entries(RGB) as [keyof typeof RGB, readonly number[]][]) {
    // noise over the colour: a photo that does not compress to nothing, so its upload takes a moment to report
    const size = 420
    const raw = Buffer.alloc(size * size * 3)
    for (let i = 0; i < raw.length; i += 3) {
      const n = Math.floor(Math.random() * 40) - 20
      raw[i] = Math.max(0, Math.min(255, r! + n))
      raw[i + 1] = Math.max(0, Math.min(255, g! + n))
      raw[i + 2] = Math.max(0, Math.min(255, b! + n))
    }
    const image = sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    // one JPEG among the PNGs: both are what a phone's camera roll holds
    const jpeg = colour === 'yellow'
    const file = path.join(tempDir, `${colour}.${jpeg ? 'jpg' : 'png'}`)
    await writeFile(file, await (jpeg ? image.jpeg({ quality: 95 }) : image.png()).toBuffer())
    photos[colour] = file
  }
})
afterAll(async () => {
  await h?.close()
  if (tempDir) await rm(tempDir, { recursive: true, force: true })
})

const myListings = (page: Page) =>
  apiAs<Listing[]>(page, `/api/categoryDetails?email=${encodeURIComponent(DEMO.verifiedSeller)}&limit=100`)
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first()
const photoGroup = (page: Page) => page.getByRole('group', { name: m.photos, exact: true })
const photoTiles = (page: Page) =>
  photoGroup(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('img') })
const tileSources = (page: Page) =>
  photoTiles(page)
    .getByRole('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** Which of the four colours a stored photo is: the channel means of its pixels, nearest colour wins. */
async function colourOf(url: string): Promise<string> {
  const bytes = Buffer.from(await (await fetch(`${h.baseUrl}${url}`)).arrayBuffer())
  const { channels } = await sharp(bytes).stats()
  const mean = channels.slice(0, 3).map((c) => c.mean)
  const distance = (rgb: readonly number[]) => rgb.reduce((sum, v, i) => sum + (v - mean[i]!) ** 2, 0)
  return (Object.entries(RGB) as [string, readonly number[]][]).sort((a, b) => distance(a[1]) - distance(b[1]))[0]![0]
}

/** The error under a control: its aria-describedby holds it. */
async function describedBy(page: Page, control: ReturnType<Page['getByRole']>) {
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)
  return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))
}

describe('the listing form', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`shows each error under its field and passes axe (${viewport})`, async () => {
      const { page, context, errors } = await h.newPage(viewport)
      await signIn(page, DEMO.verifiedSeller)
      await page.goto('/dashboard/addProducts')
      const brand = page.getByRole('combobox', { name: m.brand })
      await brand.waitFor()
      expect(await allA11yViolations(page)).toEqual([])
      const before = await myListings(page)

      await page.getByRole('button', { name: 'Add', exact: true }).click()
      for (const message of [
        messages.products.nameRequired,
        m.brandRequired,
        m.colourRequired,
        m.materialRequired,
        messages.products.imageRequired,
        messages.products.descriptionRequired,
        messages.products.resellPriceRequired,
        messages.products.originalPriceRequired,
        messages.products.phoneRequired,
        messages.products.locationRequired,
        messages.products.yearRequired,
      ])
        await page.getByText(message, { exact: true }).waitFor()
      // each message is tied to its control, and the first wrong field has the focus
      expect(await brand.getAttribute('aria-invalid')).toBe('true')
      expect(await describedBy(page, brand)).toContain(m.brandRequired)
      expect(await describedBy(page, page.getByRole('group', { name: m.colour }))).toEqual([m.colourRequired])
      const material = page.getByRole('combobox', { name: m.material })
      expect(await material.getAttribute('aria-invalid')).toBe('true')
      expect(await describedBy(page, material)).toContain(m.materialRequired)
      const addPhotos = page.getByLabel(m.addPhotos)
      expect(await addPhotos.getAttribute('aria-invalid')).toBe('true')
      expect(await describedBy(page, addPhotos)).toContain(messages.products.imageRequired)
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title')

      // a measurement out of range and a wear note too long say so under themselves
      await page.getByLabel('Width', { exact: true }).fill('250')
      await page.getByLabel('Corners', { exact: true }).fill('x'.repeat(301))
      await page.getByRole('button', { name: 'Add', exact: true }).click()
      await page.getByText(m.measurementRange('Width', 1, 200), { exact: true }).waitFor()
      await page.getByText(m.wearTooLong('Corners', 300), { exact: true }).waitFor()
      await page.getByText(m.charactersUsed(301, 300), { exact: true }).waitFor()

      expect(await overflow(page)).toBeLessThanOrEqual(0)
      if (viewport === 'phone') {
        // one column: Brand and Category sit one above the other, full width
        const a = (await brand.boundingBox())!
        const b = (await page.getByLabel('Category', { exact: true }).boundingBox())!
        expect(b.y).toBeGreaterThan(a.y)
        expect(Math.abs(a.width - b.width)).toBeLessThan(60)
        expect(a.width).toBeGreaterThan(VIEWPORTS.phone.width * 0.7)
      }
      expect(await allA11yViolations(page)).toEqual([])
      await screenshot(page, `listing-form-errors-${viewport}`)
      expect(await myListings(page)).toHaveLength(before.length)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('the brand combobox works by keyboard: type-ahead, arrows, Enter, Escape; Unbranded is always offered', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard/addProducts')
    const brand = page.getByRole('combobox', { name: m.brand })
    const list = page.getByRole('listbox', { name: m.brands })
    await brand.click()
    await brand.pressSequentially('gu')
    await list.waitFor()
    expect(await brand.getAttribute('aria-expanded')).toBe('true')
    // the first match is highlighted and named by aria-activedescendant
    const active = async () => page.locator(`[id="${await brand.getAttribute('aria-activedescendant')}"]`).innerText()
    expect(await active()).toBe('Gucci')
    await screenshot(page, 'listing-form-brand-open-desktop')
    const names = await list.getByRole('option').allInnerTexts()
    expect(names[0]).toBe('Gucci')
    expect(names.at(-1)).toBe('Unbranded')
    await page.keyboard.press('ArrowUp') // wraps to the last
    expect(await active()).toBe('Unbranded')
    await page.keyboard.press('ArrowDown')
    expect(await active()).toBe('Gucci')
    // Escape closes the list, a second Escape clears the text
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'hidden' })
    expect(await brand.getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('Escape')
    expect(await brand.inputValue()).toBe('')
    // nothing matches: said so, and Unbranded still offered
    await brand.pressSequentially('zzqx')
    await page.getByText(m.brandNoMatch).waitFor()
    expect(await list.getByRole('option').allInnerTexts()).toEqual(['Unbranded'])
    // another name a brand goes by finds it
    await brand.fill('')
    await brand.pressSequentially('LV')
    await expect.poll(() => list.getByRole('option').first().innerText()).toBe('Louis Vuitton')
    await brand.fill('')
    await brand.pressSequentially('chan')
    await page.keyboard.press('Enter')
    await list.waitFor({ state: 'hidden' })
    expect(await brand.inputValue()).toBe('Chanel')
    // Enter chose the brand; it did not submit the form
    expect(await page.getByText(messages.products.nameRequired).count()).toBe(0)
    await screenshot(page, 'listing-form-brand-desktop')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a seller lists a bag with four photos, then lowers its price', () => {
  let listing: Listing

  it('adds four photos with progress, reorders them by keyboard and by dragging, and saves', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard/addProducts')

    await page.getByLabel('Name', { exact: true }).fill(NAME)
    const brand = page.getByRole('combobox', { name: m.brand })
    await brand.click()
    await brand.pressSequentially('chan')
    await page.keyboard.press('Enter')
    await page.getByRole('group', { name: m.colour }).getByText('Black', { exact: true }).click()
    expect(await page.getByRole('radio', { name: 'Black' }).isChecked()).toBe(true)
    await page.getByRole('combobox', { name: m.material }).selectOption('leather')
    await page.getByLabel('Category', { exact: true }).selectOption('Shoulder')
    await page.getByLabel('Year of Purchase', { exact: true }).fill('2019')
    // the condition's definition shows under it, and follows the choice
    const condition = page.getByLabel('Condition', { exact: true })
    expect(await describedBy(page, condition)).toEqual([CONDITION_DEFINITIONS.excellent])
    await condition.selectOption('good')
    expect(await describedBy(page, condition)).toEqual([CONDITION_DEFINITIONS.good])
    await page.getByLabel('Corners', { exact: true }).fill('Light rubbing on two corners.')
    await page.getByText(m.charactersUsed(29, 300), { exact: true }).waitFor()
    await page.getByLabel('Width', { exact: true }).fill('25.5')
    await page.getByLabel('Height', { exact: true }).fill('16')
    await page.getByLabel('Dust bag', { exact: true }).check()
    await page.getByLabel('Authenticity card', { exact: true }).check()
    await page
      .getByLabel('Description', { exact: true })
      .fill('Caviar leather, gold hardware, carried a handful of times.')
    await page.getByLabel('Original Price', { exact: true }).fill('5200')
    await page.getByLabel('Resell Price', { exact: true }).fill('3400')
    await page.getByLabel('Location', { exact: true }).fill('New York, NY')
    await page.getByLabel('Phone', { exact: true }).fill('+1 212 555 0147')

    // four photos at once, on a slow upload, so each tile's own progress shows
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 500 * 1024,
    })
    // the uploads' answers are held until the form has been tried once, so that it is tried while they upload
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/images', async (route) => {
      await held
      await route.continue()
    })
    await page.getByLabel(m.addPhotos).setInputFiles([photos.red, photos.green, photos.blue, photos.yellow])
    await expect.poll(() => photoTiles(page).count()).toBe(4)
    const bars = photoGroup(page).getByRole('progressbar')
    await bars.first().waitFor()
    expect(await bars.count()).toBeGreaterThan(0)
    expect(await bars.first().getAttribute('aria-label')).toMatch(/^Uploading (Front|Back|Base|Inside) photo$/)
    await page.getByText(m.added(4, 4)).waitFor()
    // the slots' suggested names, and the cover marker on the first only
    for (const [i, slot] of ['Front', 'Back', 'Base', 'Inside'].entries()) {
      await photoTiles(page)
        .nth(i)
        .getByRole('img', { name: m.photoAlt(slot) })
        .waitFor()
      expect(await photoTiles(page).nth(i).getByText(m.cover, { exact: true }).count()).toBe(i === 0 ? 1 : 0)
    }
    await screenshot(page, 'listing-form-uploading-desktop')
    // saving while a photo still uploads is refused, under Photos
    expect(await bars.count()).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await photoGroup(page).getByText(m.photosUploading).waitFor()
    release()
    await bars.first().waitFor({ state: 'detached', timeout: 30_000 })
    await page.unroute('**/api/images')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    expect(await page.getByText(m.photosUploading).count()).toBe(0)

    const [red, green, blue, yellow] = await tileSources(page)
    // keyboard: the Inside photo (yellow) goes to the front, three presses of Enter on its Move left button; the focus
    // stays with the photo as it moves, and the live region says where it is now
    await photoTiles(page)
      .nth(3)
      .getByRole('button', { name: m.moveLeft('Inside') })
      .focus()
    await page.keyboard.press('Enter')
    await page.getByText(m.moved(3, 4, 'Base')).waitFor()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(m.moveLeft('Base'))
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.getByText(m.moved(1, 4, 'Front')).waitFor()
    // at the front, Move left is disabled: the focus went to Move right
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(m.moveRight('Front'))
    expect(await tileSources(page)).toEqual([yellow, red, green, blue])
    expect(await photoTiles(page).nth(0).getByText(m.cover, { exact: true }).count()).toBe(1)

    // dragging: the Back photo (red) dropped on the Base place
    await photoTiles(page).nth(1).dragTo(photoTiles(page).nth(2))
    await expect.poll(() => tileSources(page)).toEqual([yellow, green, red, blue])
    // and by keyboard back again: Move right on the Back photo (green)
    await photoTiles(page)
      .nth(1)
      .getByRole('button', { name: m.moveRight('Back') })
      .click()
    await expect.poll(() => tileSources(page)).toEqual([yellow, red, green, blue])

    // remove one and add it again: it goes to the end
    await photoTiles(page)
      .nth(3)
      .getByRole('button', { name: m.remove('Inside') })
      .click()
    await page.getByText(m.removed(3)).waitFor()
    expect(await photoTiles(page).count()).toBe(3)
    await page.getByLabel(m.addPhotos).setInputFiles([photos.blue])
    await expect.poll(() => photoTiles(page).count()).toBe(4)
    await photoGroup(page).getByRole('progressbar').waitFor({ state: 'detached' })
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'listing-form-filled-desktop')

    const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/categoryDetails'))
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await toast(page, messages.products.added(NAME)).waitFor()
    await page.waitForURL(`${h.baseUrl}/dashboard/myProducts`)
    const sent = (await created).postDataJSON()
    expect(sent.photos).toHaveLength(4)
    expect(sent.img).toBe(sent.photos[0].url)

    // stored as chosen, the photos in the reordered order
    listing = (await myListings(page)).find((p) => p.title === NAME)!
    expect(listing).toMatchObject({
      brand: 'Chanel',
      brandSlug: 'chanel',
      colour: 'black',
      material: 'leather',
      condition: 'good',
      wear: { corners: 'Light rubbing on two corners.' },
      measurements: { width: 25.5, height: 16 },
      includes: ['dust bag', 'authenticity card'],
      resell_price: 3400,
      previousPrice: null,
    })
    expect(listing.photos).toHaveLength(4)
    expect(listing.img).toBe(listing.photos[0]!.url)
    expect(await Promise.all(listing.photos.map((p) => colourOf(p.url)))).toEqual(['yellow', 'red', 'green', 'blue'])
    expect(errors).toEqual([])
    await context.close()
  })

  it('edits the price down from My Products: only the price is sent, and the cards show "Price dropped"', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard/myProducts')
    const row = page.getByRole('row', { name: new RegExp(NAME) })
    await row.getByRole('link', { name: `${m.edit} ${NAME}` }).click()
    await page.waitForURL(`${h.baseUrl}/dashboard/myProducts/${listing._id}/edit`)
    await page.getByRole('heading', { name: m.editTitle, level: 1 }).waitFor()

    // the same form, filled from the listing
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(NAME)
    await expect.poll(() => page.getByRole('combobox', { name: m.brand }).inputValue()).toBe('Chanel')
    expect(await page.getByRole('radio', { name: 'Black' }).isChecked()).toBe(true)
    expect(await page.getByRole('combobox', { name: m.material }).inputValue()).toBe('leather')
    expect(await page.getByLabel('Width', { exact: true }).inputValue()).toBe('25.5')
    expect(await page.getByLabel('Dust bag', { exact: true }).isChecked()).toBe(true)
    expect(await photoTiles(page).count()).toBe(4)
    expect(await page.getByLabel('Resell Price', { exact: true }).inputValue()).toBe('3400')
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'listing-form-edit-desktop')

    // nothing changed yet: said so, nothing sent
    await page.getByRole('button', { name: m.save }).click()
    await page.getByText(m.noChanges).waitFor()

    await page.getByLabel('Resell Price', { exact: true }).fill('2950')
    const patched = page.waitForRequest((r) => r.method() === 'PATCH')
    await page.getByRole('button', { name: m.save }).click()
    expect((await patched).postDataJSON()).toEqual({ resell_price: 2950 })
    await toast(page, m.updated(NAME)).waitFor()
    await page.waitForURL(`${h.baseUrl}/dashboard/myProducts`)

    // My Products: the new price, "Price dropped", the old one struck through
    const price = page.getByRole('row', { name: new RegExp(NAME) }).locator('td', { hasText: '$2,950.00' })
    await price.getByText(messages.listings.priceDropped, { exact: true }).waitFor()
    expect(await price.locator('s').innerText()).toBe('$3,400.00')

    const stored = await apiAs<Listing>(page, `/api/products/${listing._id}`)
    expect(stored).toMatchObject({ resell_price: 2950, previousPrice: 3400, brand: 'Chanel', colour: 'black' })
    expect(stored.priceHistory?.map((p) => p.price)).toEqual([3400, 2950])
    expect(stored.photos).toEqual(listing.photos)

    // the category card and (once advertised) the home page's card say so too
    await page
      .getByRole('row', { name: new RegExp(NAME) })
      .getByRole('button', { name: /^Activate/ })
      .click()
    await toast(page, messages.products.advertised).waitFor()
    for (const [url, shot] of [
      ['/category/Shoulder', 'category'],
      ['/', 'home'],
    ] as const) {
      await page.goto(url)
      const card = page.getByRole('article', { name: NAME }).first()
      await card.getByText(messages.listings.priceDropped, { exact: true }).waitFor()
      expect(await card.locator('s').innerText()).toBe('$3,400.00')
      expect(await card.getByText('Chanel', { exact: true }).count()).toBe(1)
      if (shot === 'category')
        expect(await card.getByRole('link', { name: `${m.edit} ${NAME}` }).getAttribute('href')).toBe(
          `/dashboard/myProducts/${listing._id}/edit`,
        )
      await card.scrollIntoViewIfNeeded()
      await screenshot(page, `price-dropped-${shot}-desktop`)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('on a phone: the edit form is one column, and My Products shows the drop', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto(`/dashboard/myProducts/${listing._id}/edit`)
    await page.getByRole('heading', { name: m.editTitle, level: 1 }).waitFor()
    expect(await photoTiles(page).count()).toBe(4)
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    // the photo buttons are thumb-sized
    const button = (await photoTiles(page)
      .nth(1)
      .getByRole('button', { name: m.moveLeft('Back') })
      .boundingBox())!
    expect(button.width).toBeGreaterThanOrEqual(40)
    expect(button.height).toBeGreaterThanOrEqual(40)
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'listing-form-edit-phone')
    await page.goto('/dashboard/myProducts')
    await page.getByText(messages.listings.priceDropped, { exact: true }).first().waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await screenshot(page, 'my-products-price-dropped-phone')
    expect(errors).toEqual([])
    await context.close()
  })

  it('refuses clearly: someone else’s listing, and a listing taken down while the form was open', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.verifiedSeller)
    // another seller's bag: no form, the reason and the way back
    const others = await (await fetch(`${h.baseUrl}/api/categoryDetails?limit=100`)).json()
    const other = (others as Listing[]).find((p) => p.sellerId !== listing.sellerId && p.status === 'available')!
    await page.goto(`/dashboard/myProducts/${other._id}/edit`)
    await page.getByRole('alert').getByText(messages.products.notYours).waitFor()
    expect(await page.getByRole('button', { name: m.save }).count()).toBe(0)
    expect(await page.getByRole('link', { name: m.backToMyProducts }).getAttribute('href')).toBe(
      '/dashboard/myProducts',
    )

    // the form is open; meanwhile the bag is taken down (404; a sale would give 409): saving says why, under the form
    await page.goto(`/dashboard/myProducts/${listing._id}/edit`)
    await page.getByLabel('Resell Price', { exact: true }).fill('2800')
    const deleted = await apiAs<{ deletedCount: number }>(page, `/api/categoryDetails/${listing._id}`, {
      method: 'DELETE',
    })
    expect(deleted.deletedCount).toBe(1)
    await page.getByRole('button', { name: m.save }).click()
    const alert = page.getByRole('alert').filter({ has: page.getByRole('link', { name: m.backToMyProducts }) })
    await alert.waitFor()
    expect(page.url()).toBe(`${h.baseUrl}/dashboard/myProducts/${listing._id}/edit`)
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'listing-form-conflict-desktop')
    // the browser logs the refused PATCH; nothing else went wrong
    expect(errors.filter((e) => !/40[49]|409/.test(e))).toEqual([])
    await context.close()
  })
})
