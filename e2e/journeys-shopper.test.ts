// The shopper's and the seller's journeys (items 1, 2, 5, 6 and 7): the wishlist stays on the page and
// shows what is saved, a seller sees their own actions on their own listing, a sold bag's page offers others and an
// unknown one is a 404, a hold counts down, and a category grid is dense on a phone. Each at phone and desktop widths
// where the layout differs, with axe on each changed screen.
import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, products, users } from '../apps/server/src/db/schema/index.ts'
import { insertProduct } from '../apps/server/test/fixtures.ts'
import {
  allA11yViolations,
  apiAs,
  DEMO,
  type Harness,
  logIn,
  screenshot,
  startHarness,
  type VIEWPORTS,
} from './harness.ts'

type Viewport = keyof typeof VIEWPORTS
type Listing = { _id: string; title: string; status: string; reserved?: boolean; seller_id: string }
type Wish = { _id: string; product_id: string }
type Order = { _id: string; product_id: string; status: string; expiresAt: string }

let h: Harness

beforeAll(async () => {
  // no cache of the public lists: the tests change listings in the database directly
  h = await startHarness({ LIST_CACHE_MS: '0' })
})
afterAll(() => h?.close())

const shot = (page: Page, name: string) => screenshot(page, `shopper-${name}`)

/** axe finds nothing on the screen as it is now. */
async function expectAxeClean(page: Page) {
  await page.locator('main [role="status"][aria-label="Loading"]').first().waitFor({ state: 'detached' })
  expect(await allA11yViolations(page)).toEqual([])
}

async function signedIn(email: string, viewport: Viewport = 'desktop') {
  const opened = await h.newPage(viewport)
  await logIn(opened.page, email)
  return opened
}

/** The category page with all its cards rendered (the grid renders in stages). */
async function openCategory(page: Page, slug: string) {
  await page.goto(`/category/${slug}`)
  const total = (await apiAs<Listing[]>(page, `/api/categoryDetails/${slug}`)).length
  await page.waitForFunction((n) => document.querySelectorAll('main ul > li > article').length === n, total)
  return total
}

const card = (page: Page, bag: string) => page.locator('main article').filter({ hasText: bag })

/** A bag the signed-in shopper may book and has not saved (the demo wishlists bags whose price dropped). */
async function freeListing(page: Page, slug: string, skip = 0): Promise<Listing> {
  const me = await apiAs<{ user: { id: string; email: string } } | null>(page, '/api/auth/get-session').catch(
    () => null,
  )
  const saved = me?.user
    ? new Set(
        (await apiAs<Wish[]>(page, `/api/wishlists?email=${encodeURIComponent(me.user.email)}`)).map(
          (w) => w.product_id,
        ),
      )
    : new Set<string>()
  const listings = await apiAs<Listing[]>(page, `/api/categoryDetails/${slug}`)
  const free = listings.filter(
    (l) => l.status === 'available' && !l.reserved && l.seller_id !== me?.user?.id && !saved.has(l._id),
  )
  expect(free.length).toBeGreaterThan(skip)
  return free[skip]!
}

const wishes = (page: Page) => apiAs<Wish[]>(page, `/api/wishlists?email=${encodeURIComponent(DEMO.customer)}`)

describe('wishlist', () => {
  it.each(['desktop', 'phone'] as const)(
    'at %s width: adding stays on the page, the heart shows it is saved (server truth), pressing again removes it',
    async (viewport) => {
      const { page, context, errors } = await signedIn(DEMO.customer, viewport)
      const bag = await freeListing(page, 'Tote', viewport === 'desktop' ? 0 : 1)
      await openCategory(page, 'Tote')
      const item = card(page, bag.title)
      const add = item.getByRole('button', { name: `Add to your wishlist ${bag.title}` })
      await add.click()
      // the toast, with its link; the shopper is still on the category
      const toastLink = page.getByRole('link', { name: 'View wishlist' })
      await toastLink.waitFor()
      await page.getByText(messages.wishlists.added, { exact: true }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/category/Tote')
      const saved = item.getByRole('button', { name: `In your wishlist ${bag.title}` })
      await saved.waitFor()
      expect(await item.getByRole('button', { name: /^Add to your wishlist/ }).count()).toBe(0)
      expect((await wishes(page)).filter((w) => w.product_id === bag._id)).toHaveLength(1)
      if (viewport === 'phone') {
        // an icon button, named in full
        const box = await saved.boundingBox()
        expect(box!.width).toBeLessThan(48)
        await shot(page, `wishlist-saved-${viewport}`)
      }
      await expectAxeClean(page)

      // the state is the server's: a fresh load shows it too
      await page.reload()
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await card(page, bag.title)
        .getByRole('button', { name: `In your wishlist ${bag.title}` })
        .waitFor()

      // pressing again removes it, and says so (never 'Added' again)
      await card(page, bag.title)
        .getByRole('button', { name: `In your wishlist ${bag.title}` })
        .click()
      await card(page, bag.title)
        .getByRole('button', { name: `Add to your wishlist ${bag.title}` })
        .waitFor()
      await page.getByText(messages.wishlists.removed).first().waitFor()
      expect((await wishes(page)).filter((w) => w.product_id === bag._id)).toHaveLength(0)

      // the product page has the same heart; the toast's link leads to My Wishlist, whose Buy Now opens the bag
      await page.goto(`/product/${bag._id}`)
      await expectAxeClean(page)
      await page.getByRole('button', { name: `Add to your wishlist ${bag.title}` }).click()
      await page.getByRole('button', { name: `In your wishlist ${bag.title}` }).waitFor()
      expect(new URL(page.url()).pathname).toBe(`/product/${bag._id}`)
      await page.getByRole('link', { name: 'View wishlist' }).click()
      await page.waitForURL('**/dashboard/wishlist')
      const buy = page.getByRole('link', { name: `Buy Now ${bag.title}` }).filter({ visible: true })
      expect(await buy.getAttribute('href')).toBe(`/product/${bag._id}`)
      await buy.click()
      await page.waitForURL(`**/product/${bag._id}`)
      await page.getByRole('heading', { level: 1, name: bag.title }).waitFor()
      await page.getByRole('button', { name: `In your wishlist ${bag.title}` }).waitFor()
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it('adding a bag another tab already saved says so, not "Added" again', async () => {
    const first = await signedIn(DEMO.customer)
    const bag = await freeListing(first.page, 'Tote', 2)
    const second = await signedIn(DEMO.customer)
    await openCategory(first.page, 'Tote')
    await openCategory(second.page, 'Tote')
    await card(first.page, bag.title)
      .getByRole('button', { name: `Add to your wishlist ${bag.title}` })
      .click()
    await first.page.getByText(messages.wishlists.added, { exact: true }).waitFor()
    // the second tab's list is from before: the server keeps one entry and the page says it was already there
    await card(second.page, bag.title)
      .getByRole('button', { name: `Add to your wishlist ${bag.title}` })
      .click()
    await second.page.getByText(messages.wishlists.alreadySaved, { exact: true }).waitFor()
    expect(await second.page.getByText(messages.wishlists.added, { exact: true }).count()).toBe(0)
    await card(second.page, bag.title)
      .getByRole('button', { name: `In your wishlist ${bag.title}` })
      .waitFor()
    expect((await wishes(first.page)).filter((w) => w.product_id === bag._id)).toHaveLength(1)
    await first.context.close()
    await second.context.close()
  })
})

describe("a seller's own listing", () => {
  it.each(['desktop', 'phone'] as const)(
    'at %s width: Advertise and Delete instead of wishlist and report, on the card and the product page',
    async (viewport) => {
      const db = h.app.db
      const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
      const mine = await insertProduct(db, seller!.id, {
        title: `Own Listing Satchel ${viewport}`,
        category: 'Backpacks',
      })
      const { page, context, errors } = await signedIn(DEMO.verifiedSeller, viewport)
      await openCategory(page, 'Backpacks')
      const own = card(page, mine.title)
      await own.getByText('This is your listing.').waitFor()
      for (const name of [/Add to your wishlist/, /In your wishlist/, /Report this Listing/, /^Book Now/]) {
        expect(await own.getByRole('button', { name }).count()).toBe(0)
      }
      const advertise = own.getByRole('button', { name: `Advertise ${mine.title}` })
      const del = own.getByRole('button', { name: `Delete ${mine.title}` })
      expect(await advertise.isVisible()).toBe(true)
      expect(await del.isVisible()).toBe(true)
      if (viewport === 'phone') expect((await advertise.boundingBox())!.width).toBeLessThan(48)
      // another seller's card keeps the shopper's actions
      const others = page.locator('main article').filter({ hasNotText: 'This is your listing.' })
      expect(
        await others
          .first()
          .getByRole('button', { name: /^Add to your wishlist/ })
          .count(),
      ).toBe(1)
      await shot(page, `category-own-listing-${viewport}`)
      await expectAxeClean(page)

      await advertise.click()
      await page.getByText(messages.products.advertised).first().waitFor()
      await own.getByText('Advertised', { exact: true }).filter({ visible: true }).waitFor()
      const [stored] = await db.select().from(products).where(eq(products.id, mine.id))
      expect(stored!.advertisement).toBe(true)

      // the product page: the same actions; Delete asks first, then the listing is gone (404)
      await page.goto(`/product/${mine.id}`)
      await page.getByRole('heading', { level: 1, name: mine.title }).waitFor()
      expect(await page.getByRole('button', { name: /Add to your wishlist|Report this Listing/ }).count()).toBe(0)
      await page.getByRole('button', { name: `Delete ${mine.title}` }).waitFor()
      await shot(page, `product-own-listing-${viewport}`)
      await expectAxeClean(page)
      await page.getByRole('button', { name: `Delete ${mine.title}` }).click()
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'hidden' })
      expect((await db.select().from(products).where(eq(products.id, mine.id)))[0]!.status).toBe('available')
      await page.getByRole('button', { name: `Delete ${mine.title}` }).click()
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await page.waitForURL('**/dashboard/myProducts')
      await page.getByText(messages.products.deleted(mine.title)).first().waitFor()
      expect((await db.select().from(products).where(eq(products.id, mine.id)))[0]!.status).toBe('removed')
      const gone = await page.goto(`/product/${mine.id}`)
      expect(gone!.status()).toBe(404)
      expect(errors.filter((e) => !e.includes('404'))).toEqual([])
      await context.close()
    },
  )

  it("the server refuses wishlisting and reporting one's own listing with 403, and booking it too", async () => {
    const { page, context } = await signedIn(DEMO.verifiedSeller)
    const db = h.app.db
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    const mine = await insertProduct(db, seller!.id, { title: 'Own Listing Refused Rucksack', category: 'Backpacks' })
    const status = (url: string, body: unknown) =>
      page.evaluate(
        async ({ u, b }) => {
          const res = await fetch(u, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${localStorage.getItem('accessToken')}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify(b),
          })
          return { status: res.status, body: await res.json() }
        },
        { u: url, b: body },
      )
    const wish = await status('/api/wishlists', { product_id: mine.id })
    expect(wish).toMatchObject({ status: 403, body: { message: messages.wishlists.ownItem } })
    const report = await status('/api/reports', { product_id: mine.id, reason: 'scam' })
    expect(report).toMatchObject({ status: 403, body: { message: messages.reports.ownItem } })
    const book = await status('/api/bookings', { product_id: mine.id, number: '5550101234', location: 'Boston' })
    expect(book).toMatchObject({ status: 403, body: { message: messages.bookings.ownItem } })
    await context.close()
  })
})

describe('sold, removed and unknown bags and categories', () => {
  it.each(['desktop', 'phone'] as const)(
    "at %s width: a sold bag's page (200) says so and offers other bags of its category; unknown ones are 404",
    async (viewport) => {
      const { page, context } = await h.newPage(viewport)
      const listings = await page.request
        .get('/api/categoryDetails/Shoulder')
        .then((r) => r.json() as Promise<Listing[]>)
      const sold = listings[viewport === 'desktop' ? 0 : 1]!
      await h.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, sold._id))

      const res = await page.goto(`/product/${sold._id}`)
      expect(res!.status()).toBe(200)
      await page.getByRole('heading', { level: 1, name: sold.title }).waitFor()
      expect(await page.getByTestId('sold-note').innerText()).toContain('This bag has been sold.')
      const more = page.getByRole('region', { name: 'Other bags in Shoulder Bags' })
      await more.waitFor()
      const links = more.getByRole('listitem').getByRole('link')
      expect(await links.count()).toBeGreaterThan(0)
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))
      expect(hrefs).not.toContain(`/product/${sold._id}`)
      for (const href of hrefs) expect(href).toMatch(/^\/product\/[0-9a-f-]{36}$/)
      // the server's HTML already holds them
      const html = await (await page.request.get(`/product/${sold._id}`)).text()
      expect(html).toContain('Other bags in Shoulder Bags')
      await shot(page, `product-sold-${viewport}`)
      await expectAxeClean(page)
      await links.first().click()
      await page.waitForURL((url) => url.pathname.startsWith('/product/') && !url.pathname.endsWith(sold._id))

      // removed and unknown bags: the 404 page, status 404; never the route-error screen
      const removed = listings[viewport === 'desktop' ? 2 : 3]!
      await h.app.db.update(products).set({ status: 'removed' }).where(eq(products.id, removed._id))
      for (const path of [`/product/${removed._id}`, '/product/00000000-0000-4000-8000-000000000000']) {
        const r = await page.goto(path)
        expect(r!.status()).toBe(404)
        await page.getByText(messages.common.notFoundPage).waitFor()
        expect(await page.getByText(messages.common.routeError).count()).toBe(0)
      }
      await context.close()
    },
  )

  it('an unknown category is the 404 page with status 404 for a signed-in shopper, also moving within the app', async () => {
    const { page, context } = await signedIn(DEMO.customer, 'phone')
    const r = await page.goto('/category/NoSuchBags')
    expect(r!.status()).toBe(404)
    await page.getByText(messages.common.notFoundPage).waitFor()
    expect(await page.getByText('Product not found').count()).toBe(0)
    await expectAxeClean(page)
    await context.close()
  })

  it.each(['desktop', 'phone'] as const)(
    'at %s width: the route-error screen offers Try again and Home first, Sign out second',
    async (viewport) => {
      const { page, context } = await h.newPage(viewport)
      await page.goto('/__error')
      await page.getByRole('heading', { level: 1, name: messages.common.routeError }).waitFor()
      const buttons = page.locator('main').getByRole('button')
      expect(await buttons.first().innerText()).toBe('Try again')
      expect(await page.locator('main').getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/')
      const signOut = page.getByRole('button', { name: messages.common.signOut })
      expect(await signOut.getAttribute('class')).toContain('btn-ghost')
      expect(await page.getByRole('button', { name: 'Try again' }).getAttribute('class')).toContain('btn-primary')
      await expectAxeClean(page)
      // Try again reads the page's data again (this test page fails each time: the screen stays)
      await page.getByRole('button', { name: 'Try again' }).click()
      await page.getByRole('heading', { level: 1, name: messages.common.routeError }).waitFor()
      await context.close()
    },
  )
})

describe('a hold counts down', () => {
  it.each(['desktop', 'phone'] as const)(
    'at %s width: My Orders and the payment page show a live countdown, the date when not today, and its end',
    async (viewport) => {
      const { page, context } = await signedIn(DEMO.customer, viewport)
      const bag = await freeListing(page, 'Backpacks', viewport === 'desktop' ? 0 : 1)
      const booked = await apiAs<{ insertedId: string }>(page, '/api/bookings', {
        method: 'POST',
        body: { product_id: bag._id, number: '5550101234', location: 'Brooklyn, NY' },
      })
      const id = booked.insertedId
      expect(id).toMatch(/^[0-9a-f-]{36}$/)

      await page.goto('/dashboard/myOrders')
      const row = page.locator('main tbody tr').filter({ hasText: bag.title })
      const timer = row.getByRole('timer').filter({ visible: true })
      await timer.waitFor()
      const first = await timer.innerText()
      expect(first).toMatch(/^\(\d\d:\d\d left\)$/)
      await page.waitForFunction(
        ([sel, was]) =>
          [...document.querySelectorAll(sel!)].some((el) => el.checkVisibility() && el.textContent !== was),
        ['[role="timer"]', first] as const,
      )
      expect(
        await row
          .getByText(/Held for you until \d\d:\d\d/)
          .filter({ visible: true })
          .count(),
      ).toBe(1)
      // the timer is not a live region: a screen reader is not told every second
      expect(await timer.getAttribute('aria-live')).toBeNull()
      await shot(page, `my-orders-hold-${viewport}`)
      await expectAxeClean(page)

      // a hold that ends another day shows that day
      const tomorrow = new Date(Date.now() + 26 * 3600_000)
      await h.app.db.update(bookings).set({ expiresAt: tomorrow }).where(eq(bookings.id, id))
      await page.reload()
      const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(tomorrow)
      await row.getByText(` on ${day}`, { exact: false }).filter({ visible: true }).waitFor()
      expect(await row.getByRole('timer').filter({ visible: true }).innerText()).toMatch(/^\(\d+:\d\d:\d\d left\)$/)

      // the payment page counts down too
      await page.goto(`/dashboard/payment/${id}`)
      await page.getByRole('timer').waitFor()
      await page.getByText(` on ${day}`, { exact: false }).waitFor()
      await expectAxeClean(page)

      // at zero: the payment page says the hold ended, with the way back; My Orders shows it expired
      await h.app.db
        .update(bookings)
        .set({ expiresAt: new Date(Date.now() + 4_000) })
        .where(eq(bookings.id, id))
      await page.reload()
      await page.getByRole('timer').waitFor()
      await page.getByText(`${messages.bookings.holdExpired}: book the bag again`).waitFor({ timeout: 10_000 })
      expect(await page.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0)
      await page.getByRole('link', { name: 'Back to My Orders' }).click()
      await page.waitForURL('**/dashboard/myOrders')
      await row.getByText(messages.bookings.holdExpired).filter({ visible: true }).waitFor()
      expect(await row.getByRole('link', { name: /^Pay/ }).count()).toBe(0)
      const orders = await apiAs<Order[]>(page, `/api/bookings?email=${encodeURIComponent(DEMO.customer)}`)
      expect(orders.find((o) => o._id === id)?.status).toBe('expired')
      await context.close()
    },
  )

  it('My Orders turns a hold that runs out while open into an expired one, without a reload', async () => {
    const { page, context } = await signedIn(DEMO.customer, 'phone')
    const bag = await freeListing(page, 'Backpacks', 2)
    const { insertedId: id } = await apiAs<{ insertedId: string }>(page, '/api/bookings', {
      method: 'POST',
      body: { product_id: bag._id, number: '5550101234', location: 'Brooklyn, NY' },
    })
    await h.app.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() + 5_000) })
      .where(eq(bookings.id, id))
    await page.goto('/dashboard/myOrders')
    const row = page.locator('main tbody tr').filter({ hasText: bag.title })
    await row.getByRole('timer').filter({ visible: true }).waitFor()
    await row.getByText(messages.bookings.holdExpired).filter({ visible: true }).waitFor({ timeout: 12_000 })
    expect(await row.getByRole('link', { name: /^Pay/ }).count()).toBe(0)
    await context.close()
  })
})

describe('category grid density', () => {
  it('on a phone: two cards a row, icon actions named in full, 10 bags in far fewer than 8 screens', async () => {
    const { page, context } = await signedIn(DEMO.otherCustomer, 'phone')
    const total = await openCategory(page, 'Tote')
    expect(total).toBeGreaterThanOrEqual(9)
    const boxes = await page.locator('main ul > li > article').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect()
        return {
          x: Math.round(r.x),
          y: Math.round(r.y + window.scrollY),
          w: Math.round(r.width),
          h: Math.round(r.height),
        }
      }),
    )
    expect(boxes[0]!.y).toBe(boxes[1]!.y)
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.w - 1)
    expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y)
    // how far down the page the first 10 bags reach, in screens (the demo category holds many more than 10)
    const tenth = boxes[9]!
    const screens = (tenth.y + tenth.h) / (await page.evaluate(() => window.innerHeight))
    console.info(`category of ${total} at 390 px: the first 10 bags in ${screens.toFixed(2)} screens`)
    await shot(page, 'category-grid-phone')
    expect(screens).toBeLessThan(5)
    const first = page.locator('main ul > li > article').first()
    const title = await first.locator('h2').innerText()
    for (const name of [`Add to your wishlist ${title}`, `Report this Listing ${title}`]) {
      const button = first.getByRole('button', { name }).filter({ visible: true })
      expect(await button.count()).toBe(1)
      expect((await button.boundingBox())!.width).toBeLessThan(48)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAxeClean(page)
    await context.close()
  })

  it('on a desktop: three cards a row with the original worded buttons', async () => {
    const { page, context } = await signedIn(DEMO.otherCustomer, 'desktop')
    await openCategory(page, 'Tote')
    const tops = await page
      .locator('main ul > li > article')
      .evaluateAll((els) => els.slice(0, 4).map((el) => Math.round(el.getBoundingClientRect().y)))
    expect(tops[0]).toBe(tops[2])
    expect(tops[3]).toBeGreaterThan(tops[0]!)
    const first = page.locator('main ul > li > article').first()
    expect(await first.getByRole('button', { name: /^Add to your wishlist/ }).innerText()).toContain(
      'Add to your wishlist',
    )
    expect(
      await first
        .getByRole('button', { name: /^Report this Listing/ })
        .filter({ visible: true })
        .innerText(),
    ).toContain('Report this Listing')
    await shot(page, 'category-grid-desktop')
    await expectAxeClean(page)
    await context.close()
  })
})
