// axe on every screen of every role, at desktop and phone widths: no violation of any impact (WCAG 2.x A/AA and
// best practices), including the open states that matter (dialogs, validation errors, empty states, 404).
import { messages } from '@preloved/shared/messages'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  allA11yViolations,
  apiAs,
  DEMO,
  type Harness,
  logIn,
  startHarness,
  stopMotion,
  VIEWPORTS,
  viewportShot,
} from './harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

type Viewport = keyof typeof VIEWPORTS
type Listing = { _id: string; title: string; status: string; reserved?: boolean }
const viewports = Object.keys(VIEWPORTS) as Viewport[]

/** Waits until the page is still: its heading is there and no route or data loading indicator is left. */
async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.locator('main [role="status"][aria-label="Loading"]').first().waitFor({ state: 'detached' })
  await stopMotion(page)
}

/** One role's round of screens; `check` records what axe finds on the screen as it is now. */
function audit(page: Page, viewport: Viewport) {
  const found: Record<string, string[]> = {}
  return {
    found,
    async check(name: string) {
      await settle(page)
      const violations = await allA11yViolations(page)
      if (violations.length > 0) {
        found[`${name} (${viewport})`] = violations
        await viewportShot(page, `a11y-${name.replace(/\W+/g, '-')}-${viewport}`)
      }
    },
    async visit(path: string, name = path) {
      await page.goto(path)
      await this.check(name)
    },
  }
}

/** An available listing nobody holds, for a booking made through the API. */
async function freeListing(page: Page, slug: string, skip: number): Promise<Listing> {
  const listings = await apiAs<Listing[]>(page, `/api/categoryDetails/${slug}`)
  const free = listings.filter((l) => l.status === 'available' && !l.reserved)
  expect(free.length).toBeGreaterThan(skip)
  return free[skip]!
}

describe.each(viewports)('accessibility at %s width', (viewport) => {
  it('a visitor: home, blogs, categories, login and signup (with their errors), 404 and the error screen', async () => {
    const { page, context } = await h.newPage(viewport)
    const a = audit(page, viewport)
    for (const path of ['/', '/blogs', '/categories', '/forgot-password', '/reset-password?token=x'])
      await a.visit(path)
    await a.visit('/login')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.getByText(messages.auth.emailRequired).first().waitFor()
    await a.check('login with errors')
    await a.visit('/signup')
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await page.getByText(messages.auth.emailRequired).first().waitFor()
    await a.check('signup with errors')
    await a.visit('/no-such-page', '404')
    await page.getByText(messages.common.notFoundPage).waitFor()
    await a.visit('/__error', 'route error')
    await page.getByText(messages.common.routeError).waitFor()
    if (viewport === 'phone') {
      await page.goto('/')
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).waitFor()
      await a.check('home with the menu open')
    }
    expect(a.found).toEqual({})
    await context.close()
  }, 240_000)

  it('a customer: category with the booking and report dialogs, product, orders, wishlist, payment', async () => {
    const { page, context } = await h.newPage(viewport)
    const a = audit(page, viewport)
    await logIn(page, DEMO.customer)
    await a.visit('/category/Tote')
    const card = page.locator('main article').filter({ has: page.getByRole('button', { name: /^Book Now/ }) })
    const bag = (await card.first().locator('h2').innerText()).trim()
    await card
      .first()
      .getByRole('button', { name: /^Book Now/ })
      .click()
    const booking = page.getByRole('dialog', { name: bag })
    await booking.waitFor()
    await a.check('booking modal')
    await booking.getByRole('button', { name: 'Confirm Order' }).click()
    await booking.getByText(messages.bookings.phoneRequired).waitFor()
    await a.check('booking modal with errors')
    await page.keyboard.press('Escape')
    await booking.waitFor({ state: 'hidden' })
    await page
      .locator('main article')
      .first()
      .getByRole('button', { name: /^Report this Listing/ })
      .click()
    await page.getByRole('dialog', { name: 'Report this Listing' }).waitFor()
    await a.check('report dialog')
    await page.keyboard.press('Escape')

    // a booking of its own for the payment page (one per viewport, so that each finds a free listing)
    const listing = await freeListing(page, 'Shoulder', viewports.indexOf(viewport))
    const made = await apiAs<{ insertedId?: string }>(page, '/api/bookings', {
      method: 'POST',
      body: { product_id: listing._id, number: '5550101234', location: 'Brooklyn, NY' },
    })
    expect(made.insertedId).toBeTruthy()
    await a.visit(`/product/${listing._id}`, 'product')
    for (const path of ['/dashboard', '/dashboard/myOrders', '/dashboard/wishlist']) await a.visit(path)
    await a.visit(`/dashboard/payment/${made.insertedId}`, 'payment')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await a.check('payment with errors')
    if (viewport === 'phone') {
      await page.goto('/dashboard/myOrders')
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Wishlist' }).waitFor()
      await a.check('dashboard with the menu open')
    }
    expect(a.found).toEqual({})
    await context.close()
  }, 240_000)

  it('new accounts: the empty states of orders, wishlist and products', async () => {
    const { page, context } = await h.newPage(viewport)
    const a = audit(page, viewport)
    for (const role of ['Customer', 'Seller'] as const) {
      await page.goto('/signup')
      await page.getByLabel('Name', { exact: true }).fill(`New ${role}`)
      await page
        .getByLabel('Email', { exact: true })
        .fill(`a11y-${role.toLowerCase()}-${viewport}-${Date.now().toString(36)}@example.test`)
      await page.getByLabel('Password', { exact: true }).fill('Bags#2026')
      await page.getByText(role, { exact: true }).click()
      await page.getByRole('button', { name: 'SIGN UP' }).click()
      await page.waitForURL((url) => url.pathname === '/')
      await page.waitForFunction(() => localStorage.getItem('accessToken') !== null)
      if (role === 'Customer') {
        await a.visit('/dashboard/myOrders', 'empty orders')
        await page.getByText(messages.bookings.noOrders).waitFor()
        await a.visit('/dashboard/wishlist', 'empty wishlist')
        await page.getByText(messages.wishlists.empty).waitFor()
      } else {
        await a.visit('/dashboard/myProducts', 'empty products')
        await page.getByText(messages.products.noProducts).waitFor()
      }
      await page.evaluate(() => localStorage.clear())
      await context.clearCookies()
    }
    expect(a.found).toEqual({})
    await context.close()
  }, 240_000)

  it('sellers: add a product (with its errors), my products, the delete confirmation, my sales and earnings', async () => {
    const { page, context } = await h.newPage(viewport)
    const a = audit(page, viewport)
    await logIn(page, DEMO.verifiedSeller)
    await a.visit('/dashboard')
    await a.visit('/dashboard/addProducts')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText(messages.products.nameRequired).waitFor()
    await a.check('add product with errors')
    await a.visit('/dashboard/myProducts')
    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click()
    const confirm = page.getByRole('dialog', { name: messages.confirm.title })
    await confirm.waitFor()
    await a.check('delete confirmation')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    // the seller's sales and money
    await a.visit('/dashboard/mySales', 'my sales')
    await a.visit('/dashboard/earnings', 'earnings')

    await page.evaluate(() => localStorage.clear())
    await context.clearCookies()
    await logIn(page, DEMO.unverifiedSeller)
    await a.visit('/dashboard/addProducts', 'add product (unverified)')
    await a.visit('/dashboard/myProducts', 'my products (unverified)')
    expect(a.found).toEqual({})
    await context.close()
  }, 240_000)

  it('the admin: customers, sellers, reported items, outbox and the delete confirmation', async () => {
    const { page, context } = await h.newPage(viewport)
    const a = audit(page, viewport)
    await logIn(page, DEMO.admin)
    for (const path of [
      '/dashboard',
      '/dashboard/allCustomers',
      '/dashboard/reportedItems',
      '/dashboard/outbox',
      // every order (search, refund) and the disputes
      '/dashboard/orders',
      '/dashboard/disputes',
      // the flags to confirm or dismiss (e2e/flags.test.ts checks a flag's card and its dialogs)
      '/dashboard/flags',
    ]) {
      await a.visit(path)
    }
    await a.visit('/dashboard/allSellers')
    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click()
    const confirm = page.getByRole('dialog', { name: messages.confirm.title })
    await confirm.waitFor()
    await a.check('delete seller confirmation')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    expect(a.found).toEqual({})
    await context.close()
  }, 240_000)
})
