import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../apps/server/src/db/schema/index.ts'
import { PASSWORD, signUp } from '../apps/server/test/auth-helpers.ts'
import { insertProduct } from '../apps/server/test/fixtures.ts'
import { apiAs, DEMO, type Harness, logIn, screenshot, startHarness } from './harness.ts'

// A bag charged $5,057.50 (first-order discount) showed $5,950.00 in My Orders and on its
// payment page, the seller's dashboard and the admin's summary each another figure. Every screen must show the
// server's figures of the one payment: price, the discount as its own line, what was charged, what the seller is owed.
let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"]`)
type Summary = {
  seller?: { salesTotal: number }
  admin?: { salesThisWeekTotal: number; discountsThisWeek: number }
}

/** A new account's default delivery address (the payment page pays only with one), through the API. */
const saveAnAddress = (page: Page) =>
  apiAs(page, '/api/addresses', {
    method: 'POST',
    body: {
      name: 'Fay Figures',
      line1: '1 Main Street',
      city: 'Brooklyn',
      postcode: '11201',
      country: 'US',
      phone: '+1 718 555 0100',
    },
  })

async function signedIn(email: string, password?: string) {
  const { page, context } = await h.newPage('desktop')
  await logIn(page, email, password)
  return { page, context }
}

describe('one paid order, the same figures on every screen', () => {
  it('My Orders, the payment page revisited, the seller dashboard and the admin summary agree with what was charged', async () => {
    // a $5,950.00 bag of the demo's verified seller, and a new customer (first order: 15 % off, $892.50, capped at $50)
    const db = h.app.db
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    const bag = await insertProduct(db, seller!.id, { title: 'Figures Test Kelly 32', resellPriceCents: 595_000 })
    const email = `figures-${Date.now().toString(36)}@example.test`
    await signUp(h.app, { name: 'Fay Figures', email })

    const sellerPage = await signedIn(DEMO.verifiedSeller)
    const adminPage = await signedIn(DEMO.admin)
    const sellerBefore = await apiAs<Summary>(sellerPage.page, '/api/dashboard/summary')
    const adminBefore = await apiAs<Summary>(adminPage.page, '/api/dashboard/summary')

    // the customer books and pays on the payment page
    const { page, context } = await signedIn(email, PASSWORD)
    await saveAnAddress(page)
    const booked = await apiAs<{ insertedId: string }>(page, '/api/bookings', {
      method: 'POST',
      body: { product_id: bag.id, number: '5550101234', location: 'Brooklyn, NY' },
    })
    await page.goto(`/dashboard/payment/${booked.insertedId}`)
    await page.getByText('Please pay $5,900.00 for the bag you booked. Happy Shopping!').waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Pay', exact: true }).isEnabled()).toBe(true)
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry (MM/YY)').fill('12/30')
    await page.getByLabel('CVC').fill('123')
    await page.getByLabel('ZIP').fill('10001')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await page.getByText(messages.payments.success).waitFor()

    // My Orders: the price, the discount as its own line, and what was charged
    await page.goto('/dashboard/myOrders')
    const row = page.locator('main tbody tr').filter({ hasText: 'Figures Test Kelly 32' })
    await row.getByText('Paid', { exact: true }).filter({ visible: true }).first().waitFor()
    const rowText = (await row.innerText()).replace(/\s+/g, ' ')
    expect(rowText).toContain('$5,950.00')
    expect(rowText).toContain('First-order discount −$50.00')
    expect(rowText).toContain('Amount paid $5,900.00')
    await screenshot(page, 'order-figures-my-orders')

    // the payment page revisited: "already paid", with the same three figures
    await page.goto(`/dashboard/payment/${booked.insertedId}`)
    await page.getByText(messages.payments.alreadyPaid).waitFor()
    const summary = page.locator('main dl').first()
    const summaryText = (await summary.innerText()).replace(/\s+/g, ' ')
    expect(summaryText).toContain('Price $5,950.00')
    expect(summaryText).toContain('−$50.00')
    expect(summaryText).toContain('Paid $5,900.00')
    expect(summaryText).not.toContain('Total $5,950.00')
    await screenshot(page, 'order-figures-payment-revisited')
    await context.close()

    // the seller is owed the listing price (the shop bears the discount)
    await sellerPage.page.goto('/dashboard')
    const sellerAfter = await apiAs<Summary>(sellerPage.page, '/api/dashboard/summary')
    expect(Math.round((sellerAfter.seller!.salesTotal - sellerBefore.seller!.salesTotal) * 100)).toBe(595_000)
    await expect
      .poll(() => stat(sellerPage.page, 'Sales total').innerText())
      .toBe(money(sellerAfter.seller!.salesTotal))
    await screenshot(sellerPage.page, 'order-figures-seller-dashboard')

    // the admin sees what was charged, and the discounts beside it
    await adminPage.page.goto('/dashboard')
    const adminAfter = await apiAs<Summary>(adminPage.page, '/api/dashboard/summary')
    const charged = adminAfter.admin!.salesThisWeekTotal - adminBefore.admin!.salesThisWeekTotal
    const discounts = adminAfter.admin!.discountsThisWeek - adminBefore.admin!.discountsThisWeek
    expect(Math.round(charged * 100)).toBe(590_000)
    expect(Math.round(discounts * 100)).toBe(5_000)
    await expect
      .poll(() => stat(adminPage.page, 'Sales this week ($)').innerText())
      .toBe(money(adminAfter.admin!.salesThisWeekTotal))
    expect(
      await adminPage.page
        .getByText(`after ${money(adminAfter.admin!.discountsThisWeek)} of first-order discounts`)
        .count(),
    ).toBe(1)
    await screenshot(adminPage.page, 'order-figures-admin-dashboard')
    await sellerPage.context.close()
    await adminPage.context.close()
  })
})

describe('the first-order discount moves to the bag opened last', () => {
  it('the earlier payment page is refused with the fresh amount, shows it, and pays it', async () => {
    const db = h.app.db
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    const first = await insertProduct(db, seller!.id, { title: 'Moving Discount Tote', resellPriceCents: 10_000 })
    const second = await insertProduct(db, seller!.id, { title: 'Moving Discount Clutch', resellPriceCents: 20_000 })
    const email = `moving-${Date.now().toString(36)}@example.test`
    await signUp(h.app, { name: 'Mo Ving', email })
    const { page, context } = await signedIn(email, PASSWORD)
    await saveAnAddress(page)
    const book = (productId: string) =>
      apiAs<{ insertedId: string }>(page, '/api/bookings', {
        method: 'POST',
        body: { product_id: productId, number: '5550101234', location: 'Brooklyn, NY' },
      })
    const a = await book(first.id)
    const b = await book(second.id)
    const pay = page.getByRole('button', { name: 'Pay', exact: true })
    const fill = async (p: Page) => {
      await p.getByLabel('Card number').fill('4242 4242 4242 4242')
      await p.getByLabel('Expiry (MM/YY)').fill('12/30')
      await p.getByLabel('CVC').fill('123')
      await p.getByLabel('ZIP').fill('10001')
    }
    await page.goto(`/dashboard/payment/${a.insertedId}`)
    await page.getByText('Please pay $85.00 for the bag you booked. Happy Shopping!').waitFor()
    await expect.poll(() => pay.isEnabled()).toBe(true)

    // a second tab opens the other bag's payment page: the discount moves there
    const other = await context.newPage()
    await other.goto(`/dashboard/payment/${b.insertedId}`)
    await other.getByText('Please pay $170.00 for the bag you booked. Happy Shopping!').waitFor()

    // the first tab pays: refused with the fresh amount, which the page then shows and charges
    await fill(page)
    await pay.click()
    await page
      .getByRole('alert')
      .filter({ hasText: messages.payments.discountMoved('$100.00') })
      .waitFor()
    await page.getByText('Please pay $100.00 for the bag you booked. Happy Shopping!').waitFor()
    expect(await page.getByTestId('discount-line').count()).toBe(0)
    await screenshot(page, 'discount-moved-payment')
    await expect.poll(() => pay.isEnabled()).toBe(true)
    await pay.click()
    await page.getByText(messages.payments.success).waitFor()

    // the second tab pays its discounted amount
    await fill(other)
    await other.getByRole('button', { name: 'Pay', exact: true }).click()
    await other.getByText(messages.payments.success).waitFor()

    await page.goto('/dashboard/myOrders')
    const row = (bag: string) => page.locator('main tbody tr').filter({ hasText: bag })
    await row('Moving Discount Tote').getByText('Amount paid').waitFor()
    expect((await row('Moving Discount Tote').innerText()).replace(/\s+/g, ' ')).toContain('Amount paid $100.00')
    expect((await row('Moving Discount Tote').innerText()).replace(/\s+/g, ' ')).not.toContain('discount')
    expect((await row('Moving Discount Clutch').innerText()).replace(/\s+/g, ' ')).toContain(
      'First-order discount −$30.00 Amount paid $170.00',
    )
    await context.close()
  })
})
