import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { messages } from '@preloved/shared/messages'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../apps/server/test/auth-helpers.ts'
import { apiAs, DEMO, type Harness, screenshot, seriousA11yViolations, signIn, startHarness } from './harness.ts'

let h: Harness
let tempDir: string
let photoPath: string

type Listing = {
  _id: string
  title: string
  seller: string
  /** Only in the seller's own list (My Products) and to admins. */
  email?: string
  thumb: string
  category: string
  verified?: 'yes'
  advertisement: boolean
  status: string
  reserved?: boolean
}

beforeAll(async () => {
  h = await startHarness()
  tempDir = await mkdtemp(path.join(tmpdir(), 'preloved-selling-'))
  // a real photo: a 900×700 PNG made here, with a lighter square so that it is not one flat colour
  const square = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 236, g: 214, b: 180 } },
  })
    .png()
    .toBuffer()
  photoPath = path.join(tempDir, 'my-tote.png')
  await writeFile(
    photoPath,
    await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 140, g: 82, b: 52 } } })
      .composite([{ input: square, left: 300, top: 200 }])
      .png()
      .toBuffer(),
  )
})
afterAll(async () => {
  await h?.close()
  if (tempDir) await rm(tempDir, { recursive: true, force: true })
})

const myListings = (page: Page, email: string) =>
  apiAs<Listing[]>(page, `/api/categoryDetails?email=${encodeURIComponent(email)}&limit=100`)

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first()

async function fillProduct(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Phone', { exact: true }).fill('+1 212 555 0100')
  await page.getByLabel('Original Price', { exact: true }).fill('2400')
  await page.getByLabel('Resell Price', { exact: true }).fill('1234.5')
  await page.getByLabel('Location', { exact: true }).fill('Brooklyn, NY')
  await page.getByLabel('Year of Purchase', { exact: true }).fill('2021')
  await page.getByLabel('Condition', { exact: true }).selectOption('good')
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Tote Bags' })
  await page.getByLabel('Description', { exact: true }).fill('A roomy cognac leather tote, carried with care.')
  // brand, colour and material are required too
  await page.getByRole('combobox', { name: 'Brand' }).fill('Coach')
  await page.getByRole('option', { name: 'Coach', exact: true }).click()
  await page.getByRole('group', { name: 'Colour' }).getByText('Tan', { exact: true }).click()
  await page.getByRole('combobox', { name: 'Material' }).selectOption('leather')
}

/** Adds the photo and waits for its upload to end. */
async function addPhoto(page: Page, file: string | Parameters<Page['setInputFiles']>[1]) {
  await page.getByLabel('Add photos').setInputFiles(file)
  await page.getByRole('img', { name: 'Front photo' }).waitFor()
  await page.getByRole('progressbar').waitFor({ state: 'detached' })
}

describe('a seller lists, advertises and deletes bags', () => {
  it('adds a product with a photo, lands on My Products with the toast and the thumbnail, advertises it and finds it on the home page', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard/addProducts')
    // she is verified: the page says so, and does not ask her to get verified
    await page.getByText('You are a verified seller.').waitFor()
    await page.getByText('Add a Product & sell more', { exact: true }).waitFor()
    expect(await page.getByText('and get verified').count()).toBe(0)
    // the original options
    const condition = await page
      .getByLabel('Condition', { exact: true })
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]))
    // the original values, written with a capital (decision 017)
    expect(condition).toEqual([
      ['excellent', 'Excellent'],
      ['good', 'Good'],
      ['fair', 'Fair'],
    ])
    const category = await page
      .getByLabel('Category', { exact: true })
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]))
    expect(category).toEqual([
      ['Shoulder', 'Shoulder Bags'],
      ['Tote', 'Tote Bags'],
      ['Backpacks', 'Backpacks'],
    ])
    expect(await seriousA11yViolations(page)).toEqual([])

    const name = 'Cognac Weekender Tote'
    await fillProduct(page, name)
    await addPhoto(page, photoPath)
    const preview = page.getByRole('img', { name: 'Front photo' })
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await screenshot(page, 'add-product-desktop')

    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await toast(page, messages.products.added(name)).waitFor()
    await page.waitForURL(`${h.baseUrl}/dashboard/myProducts`)

    // the stored listing: our own image store, the seller from the token, verified because she is
    const mine = await myListings(page, DEMO.verifiedSeller)
    const added = mine.find((p) => p.title === name)
    expect(added).toMatchObject({ category: 'Tote', email: DEMO.verifiedSeller, verified: 'yes', advertisement: false })

    const row = page.getByRole('row', { name: new RegExp(name) })
    await row.waitFor()
    const thumb = row.getByRole('img')
    expect(await thumb.getAttribute('src')).toBe(added!.thumb)
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const box = await thumb.boundingBox()
    expect(box!.width).toBeGreaterThanOrEqual(48)
    expect(box!.width).toBeLessThanOrEqual(64)
    const cells = await row.locator('td, th').allInnerTexts()
    expect(cells.map((c) => c.replace(/\s+/g, ' ').trim())).toEqual([
      '1',
      '',
      name,
      'Tote Bags',
      'Price: $1,234.50',
      'Activate',
      'available',
      'Edit',
      'Delete',
    ])
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'my-products-desktop')

    // advertise it: the toast, then 'activated' in its row, and on the home page's advertised items
    await row.getByRole('button', { name: /^Activate/ }).click()
    await toast(page, messages.products.advertised).waitFor()
    await row.getByText('activated', { exact: true }).waitFor()
    expect(await row.getByRole('button', { name: /^Activate/ }).count()).toBe(0)

    await page.goto('/')
    await page.getByRole('heading', { name: name }).first().waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('deletes another product only after confirming; Cancel keeps it', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard/myProducts')
    const before = await myListings(page, DEMO.verifiedSeller)
    const victim = before.find((p) => p.status === 'available' && p.title !== 'Cognac Weekender Tote')!
    expect(victim).toBeDefined()

    const row = page.getByRole('row', { name: new RegExp(victim.title) })
    const deleteButton = row.getByRole('button', { name: /^Delete/ })
    await deleteButton.click()
    const dialog = page.getByRole('dialog', { name: messages.confirm.title })
    await dialog.waitFor()
    await dialog.getByText(messages.confirm.message(victim.title)).waitFor()
    // focus starts on the safe choice
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel')
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'confirm-delete-desktop')

    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await row.isVisible()).toBe(true)
    // focus returns to the Delete button that opened it
    expect(await deleteButton.evaluate((el) => el === document.activeElement)).toBe(true)
    expect((await myListings(page, DEMO.verifiedSeller)).some((p) => p._id === victim._id)).toBe(true)

    // Escape cancels too
    await deleteButton.click()
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await row.isVisible()).toBe(true)

    await deleteButton.click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await toast(page, messages.products.deleted(victim.title)).waitFor()
    await row.waitFor({ state: 'detached' })
    const after = await myListings(page, DEMO.verifiedSeller)
    expect(after.some((p) => p._id === victim._id)).toBe(false)
    expect(after).toHaveLength(before.length - 1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('refuses a text file named .png: the server reason under Photo and as a toast, and no product', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard/addProducts')
    await page.getByLabel('Name', { exact: true }).waitFor()
    const before = await myListings(page, DEMO.verifiedSeller)
    const name = 'Not Really A Bag'
    await fillProduct(page, name)
    await addPhoto(page, {
      name: 'bag.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, no pixels'),
    })
    // the server's reason as a toast and on the photo's tile; the form is not sent while it is there
    const reason = /The file is not an image we accept/
    await toast(page, 'The file is not an image we accept').waitFor()
    expect(await page.getByRole('listitem').filter({ hasText: reason }).count()).toBe(1)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    const photo = page.getByLabel('Add photos')
    await expect.poll(() => photo.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (await photo.getAttribute('aria-describedby'))!.split(' ')
    const under = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()))
    expect(under).toContain(messages.listingForm.photosFailed)

    expect(page.url()).toBe(`${h.baseUrl}/dashboard/addProducts`)
    expect(await page.getByText(messages.products.added(name)).count()).toBe(0)
    const after = await myListings(page, DEMO.verifiedSeller)
    expect(after).toHaveLength(before.length)
    expect(after.some((p) => p.title === name)).toBe(false)
    // the failed upload is logged as a 415 by the browser; nothing else went wrong
    expect(errors.filter((e) => !/415/.test(e))).toEqual([])
    await context.close()
  })

  it('Add a Product and My Products hold on a phone', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard/addProducts')
    await page.getByLabel('Name', { exact: true }).waitFor()
    await addPhoto(page, photoPath)
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(await overflow()).toBeLessThanOrEqual(0)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'add-product-phone')

    await page.goto('/dashboard/myProducts')
    await page.getByRole('table').waitFor()
    // the page does not scroll sideways: the table scrolls inside its own (focusable, named) region
    expect(await overflow()).toBeLessThanOrEqual(0)
    const region = page.getByRole('region', { name: 'Your bags' })
    expect(await region.getAttribute('tabindex')).toBe('0')
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'my-products-phone')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a new seller sees the empty state with a way to Add Product', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/signup')
    await page.getByLabel('Name', { exact: true }).fill('Nora New')
    await page.getByLabel('Email', { exact: true }).fill(`nora-${Date.now().toString(36)}@example.test`)
    await page.getByLabel('Password', { exact: true }).fill('Bags#2026')
    await page.getByText('Seller', { exact: true }).click() // the whole card selects
    expect(await page.getByRole('radio', { name: 'Seller' }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await page.waitForURL(`${h.baseUrl}/`)
    await page.goto('/dashboard/myProducts')
    await page.getByRole('heading', { name: messages.products.noProducts }).waitFor()
    const add = page.getByRole('main').getByRole('link', { name: messages.nav.addProduct })
    expect(await add.first().getAttribute('href')).toBe('/dashboard/addProducts')
    expect(await page.getByRole('table').count()).toBe(0)
    // not verified yet: the Add page says how to get there
    await page.goto('/dashboard/addProducts')
    await page.getByText('Not verified yet.').waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('the admin manages sellers and customers', () => {
  it('verifies Liam Chen: the toast, the Verified badge, and the verified mark on his listings', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/allSellers')
    const row = page.getByRole('row', { name: /Liam Chen/ })
    await row.waitFor()
    expect(await row.getByText(DEMO.unverifiedSeller).isVisible()).toBe(true)
    // his listings carry no badge yet
    const listed = async () =>
      ((await (await fetch(`${h.baseUrl}/api/categoryDetails?limit=100`)).json()) as Listing[]).filter(
        (p) => p.seller === 'Liam Chen', // public lists carry no seller email (decision 013)
      )
    const beforeListings = await listed()
    expect(beforeListings.length).toBeGreaterThan(0)
    expect(beforeListings.every((p) => p.verified === undefined)).toBe(true)
    // verified sellers show the badge instead of the button
    const amelia = page.getByRole('row', { name: /Amelia Hart/ })
    expect(await amelia.getByText('Verified', { exact: true }).isVisible()).toBe(true)
    expect(await amelia.getByRole('button', { name: /^Verify/ }).count()).toBe(0)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'all-sellers-desktop')

    // verifying asks first, with his record
    await row.getByRole('button', { name: /^Verify/ }).click()
    const confirm = page.getByRole('dialog', { name: 'Verify Liam Chen?' })
    await confirm.getByRole('region', { name: 'Seller record' }).getByText('Listings').waitFor()
    await confirm.getByRole('button', { name: 'Verify', exact: true }).click()
    await toast(page, messages.users.verified).waitFor()
    await row.getByText('Verified', { exact: true }).waitFor()
    expect(await row.getByRole('button', { name: /^Verify/ }).count()).toBe(0)

    const afterListings = await listed()
    expect(afterListings.map((p) => p._id).sort()).toEqual(beforeListings.map((p) => p._id).sort())
    expect(afterListings.every((p) => p.verified === 'yes')).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('deletes customers after confirming, down to the empty state; one with open orders is refused with the reason', async () => {
    // a customer with no orders, who can go
    await signUp(h.app, { name: 'Zed Zero', email: 'zed.zero@example.test' })
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/allCustomers')
    const noah = page.getByRole('row', { name: /Noah Patel/ })
    await noah.waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'all-customers-desktop')

    const dialog = page.getByRole('dialog', { name: messages.confirm.title })
    await noah.getByRole('button', { name: /^Delete/ }).click()
    await dialog.getByText(messages.confirm.message('Noah Patel')).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await noah.isVisible()).toBe(true)

    // Noah has open orders in the demo data: the account stays until they close, and the admin reads why
    const orders = await apiAs<{ status: string }[]>(page, '/api/admin/orders?q=noah.patel@demo.preloved.test')
    const open = orders.filter((o) => ['paid', 'shipped', 'disputed'].includes(o.status)).length
    expect(open).toBeGreaterThan(0)
    await noah.getByRole('button', { name: /^Delete/ }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await toast(page, messages.orderMoves.accountHasOpenOrders(open)).waitFor()
    expect(await noah.isVisible()).toBe(true)
    const customers = await apiAs<{ email: string }[]>(page, '/api/users?role=customer')
    expect(customers.some((c) => c.email === 'noah.patel@demo.preloved.test')).toBe(true)

    // Zed goes
    const zed = page.getByRole('row', { name: /Zed Zero/ })
    await zed.getByRole('button', { name: /^Delete/ }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await toast(page, messages.products.deleted('Zed Zero')).waitFor()
    await zed.waitFor({ state: 'detached' })
    const after = await apiAs<{ email: string }[]>(page, '/api/users?role=customer')
    expect(after.some((c) => c.email === 'zed.zero@example.test')).toBe(false)

    // once the admin refunds every open order of the demo customers, they can all go: then the original empty state
    for (const customer of after) {
      const theirs = await apiAs<{ _id: string; status: string }[]>(
        page,
        `/api/admin/orders?q=${encodeURIComponent(customer.email)}`,
      )
      for (const order of theirs) {
        const body = { reason: 'Closing the account' }
        if (order.status === 'disputed') {
          await apiAs(page, `/api/orders/${order._id}/resolve`, {
            method: 'POST',
            body: { ...body, outcome: 'refund' },
          })
        } else if (order.status === 'paid' || order.status === 'shipped') {
          await apiAs(page, `/api/orders/${order._id}/refund`, { method: 'POST', body })
        }
      }
    }
    await page.reload()
    const rows = page
      .getByRole('main')
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Delete/ }) })
    await rows.first().waitFor()
    while ((await rows.count()) > 0) {
      const first = rows.first()
      const name = (await first.getByRole('rowheader').innerText()).trim()
      await first.getByRole('button', { name: /^Delete/ }).click()
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await toast(page, messages.products.deleted(name)).waitFor()
      await dialog.waitFor({ state: 'hidden' })
      await page.getByRole('row', { name: new RegExp(name) }).waitFor({ state: 'detached' })
    }
    await page.getByRole('heading', { name: messages.users.noCustomers }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    // the refused delete is the browser's one logged failure: the 409 the admin was told about
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)'])
    await context.close()
  })
})
