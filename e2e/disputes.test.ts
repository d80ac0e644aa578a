import { moneyPagesMessages } from '@preloved/shared/messages/money-pages'
import type { Order } from '@preloved/shared/orders'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, users } from '../apps/server/src/db/schema/index.ts'
import { PASSWORD, signUp } from '../apps/server/test/auth-helpers.ts'
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
  viewportShot,
} from './harness.ts'

// A dispute resolved with a partial refund by the admin. The buyer pays, the seller ships and the buyer
// reports a problem through the API (their pages are tested with the order page); the admin finds the dispute in the
// menu, refuses a refund above what was paid, refunds part of it, and the order shows the refunded amount.
let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

const t = moneyPagesMessages
const ADDRESS = {
  name: 'Dana Dispute',
  line1: '1 Main Street',
  city: 'Brooklyn',
  postcode: '11201',
  country: 'US',
  phone: '+1 555 010 1234',
}

async function signedIn(email: string, password?: string, viewport: keyof typeof VIEWPORTS = 'desktop') {
  const { page, context, errors } = await h.newPage(viewport)
  await logIn(page, email, password)
  return { page, context, errors }
}

/** A call that must succeed: its status and body, failing the test with the server's words otherwise. */
async function call<T>(page: Page, url: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ u, method, body }) => {
      const token = localStorage.getItem('accessToken')
      const headers: Record<string, string> = { authorization: `Bearer ${token}` }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(u, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: res.status, body: (await res.json()) as unknown }
    },
    { u: url, method: init.method ?? 'GET', body: init.body },
  ) as Promise<{ status: number; body: T }>
}

/** From the Disputes page to the dispute: the reason and age in the list, then the order, both sides and the decisions. */
async function openDispute(
  page: Page,
  width: number,
  { title, orderId, note }: { title: string; orderId: string; note: string },
) {
  await page.goto('/dashboard/disputes')
  await page.getByRole('heading', { name: t.disputes.title, level: 1 }).waitFor()
  const row = page.locator('main tbody tr').filter({ hasText: title })
  await row.waitFor()
  const rowText = (await row.innerText()).replace(/\s+/g, ' ')
  expect(rowText).toContain(t.disputeReasons.damaged)
  expect(rowText).toContain('less than an hour')
  expect(await allA11yViolations(page)).toEqual([])
  await screenshot(page, `disputes-list-${width}`)

  await row.getByRole('link', { name: `${t.disputes.open}: ${title}` }).click()
  await page.waitForURL(`**/dashboard/disputes/${orderId}`)
  await page.getByRole('heading', { name: title, level: 1 }).waitFor()
  await page.getByText(note).waitFor()
  await page.getByText(t.disputes.noAnswer).waitFor()
  const summary = page.getByRole('region', { name: t.disputes.summary, exact: true })
  expect((await summary.innerText()).replace(/\s+/g, ' ')).toContain('Buyer paid $1,150.00')
  for (const action of [t.disputes.release, t.disputes.refundBuyer, t.disputes.partialRefund]) {
    await page.getByRole('button', { name: action, exact: true }).waitFor()
  }
  expect(await allA11yViolations(page)).toEqual([])
  await screenshot(page, `dispute-page-${width}`)
}

describe('a dispute resolved with a partial refund', () => {
  it('the admin refunds part of a disputed order from the Disputes page, and the order shows it', async () => {
    // a $1,200.00 bag of the demo's verified seller, bought by a new customer (first order: 15 % off, $180, capped at
    // $50 → $1,150.00)
    const [seller] = await h.app.db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    const title = `Dispute Test Speedy ${Date.now().toString(36)}`
    // with a demo listing's photo, so that every picture on the admin's pages loads
    const [demo] = await h.app.db.select().from(products).where(eq(products.sellerId, seller!.id)).limit(1)
    const bag = await insertProduct(h.app.db, seller!.id, {
      title,
      resellPriceCents: 120_000,
      img: demo!.img,
      thumb: demo!.thumb,
      photos: demo!.photos,
    })
    const email = `dispute-${Date.now().toString(36)}@example.test`
    await signUp(h.app, { name: 'Dana Dispute', email })

    // the buyer pays with the test processor's card
    const buyer = await signedIn(email, PASSWORD)
    const booked = await apiAs<{ insertedId: string }>(buyer.page, '/api/bookings', {
      method: 'POST',
      body: { product_id: bag.id, number: '5550101234', location: 'Brooklyn, NY' },
    })
    const orderId = booked.insertedId
    const intent = await call<{ clientSecret: string; amount: number }>(buyer.page, '/api/create-payment-intent', {
      method: 'POST',
      body: { bookingId: orderId, address: ADDRESS },
    })
    expect(intent.status, JSON.stringify(intent.body)).toBe(200)
    const confirmed = await call<{ transactionId: string }>(buyer.page, '/api/test-processor/confirm', {
      method: 'POST',
      body: {
        clientSecret: intent.body.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '11201' },
        billing: { name: 'Dana Dispute', email },
      },
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    const paid = await call(buyer.page, '/api/payments', {
      method: 'POST',
      body: {
        price: intent.body.amount,
        transactionId: confirmed.body.transactionId,
        email,
        bookingId: orderId,
        paid: true,
      },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)

    // the delivery address on the order (given again here: the original payment call without one works too)
    const addressed = await call<Order>(buyer.page, `/api/orders/${orderId}/address`, { method: 'PUT', body: ADDRESS })
    expect(addressed.status, JSON.stringify(addressed.body)).toBe(200)
    expect(addressed.body.awaitingAddress).toBe(false)

    // the seller ships, the buyer reports a problem
    const sellerSide = await signedIn(DEMO.verifiedSeller)
    const shipped = await call<Order>(sellerSide.page, `/api/orders/${orderId}/ship`, {
      method: 'POST',
      body: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    })
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200)
    expect(shipped.body.status).toBe('shipped')
    const note = 'The strap arrived torn and one corner is scuffed through to the lining.'
    const disputed = await call<Order>(buyer.page, `/api/orders/${orderId}/dispute`, {
      method: 'POST',
      body: { reason: 'damaged', note },
    })
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200)
    expect(disputed.body.status).toBe('disputed')
    const total = disputed.body.amount
    expect(total).toBe(1150)

    // the admin on a desktop (1280 px) and on a phone (390 px): the list, then the dispute page
    const desktop = await signedIn(DEMO.admin)
    await desktop.page.setViewportSize({ width: 1280, height: 900 })
    await openDispute(desktop.page, 1280, { title, orderId, note })
    expect(desktop.errors).toEqual([])
    await desktop.context.close()

    const admin = await signedIn(DEMO.admin, undefined, 'phone')
    await openDispute(admin.page, 390, { title, orderId, note })

    // the partial refund refuses more than was paid, and a missing reason, before anything is sent
    await admin.page.getByRole('button', { name: t.disputes.partialRefund }).click()
    const dialog = admin.page.getByRole('dialog', { name: t.disputes.partialTitle })
    await dialog.getByLabel(t.disputes.partialAmount).fill('1150.01')
    await dialog.getByRole('button', { name: t.disputes.partialRefund }).click()
    await dialog.getByText(t.amount.tooHigh('$1,150.00')).waitFor()
    await dialog.getByText(t.disputes.reasonRequired).waitFor()
    expect(await allA11yViolations(admin.page)).toEqual([])
    await viewportShot(admin.page, 'dispute-partial-errors-390')
    const unchanged = await call<Order>(admin.page, `/api/orders/${orderId}`)
    expect(unchanged.body.status).toBe('disputed')
    expect(unchanged.body.refunded).toBe(0)

    // $120.50 back to the buyer, with a reason; the admin is back on the list, which no longer holds it
    const reason = 'Strap torn in transit: the buyer keeps the bag.'
    await dialog.getByLabel(t.disputes.partialAmount).fill('120.50')
    await dialog.getByLabel(t.orders.reason).fill(reason)
    await dialog.getByRole('button', { name: t.disputes.partialRefund }).click()
    await admin.page.getByText(t.disputes.partialRefunded('$120.50')).waitFor()
    await admin.page.waitForURL('**/dashboard/disputes')
    await admin.page.getByRole('heading', { name: t.disputes.title, level: 1 }).waitFor()
    await expect.poll(() => admin.page.locator('main tbody tr').filter({ hasText: title }).count()).toBe(0)

    // the stored order: refunded in part, the decision and its reason in the audit log
    const after = await call<Order>(admin.page, `/api/orders/${orderId}`)
    expect(after.status, JSON.stringify(after.body)).toBe(200)
    expect(after.body.refunded).toBe(120.5)
    // a partial refund gives the rest to the seller: the order completes, and the commission is taken on the rest:
    // 1,029.50 of 1,150 kept, the price ⌊1,200 × 1,029.50 / 1,150⌋ = 1,074.26, commission ⌈161.139⌉ = 161.14
    expect(after.body.status).toBe('completed')
    expect(after.body.sellerAmount).toBe(913.12)
    expect(after.body.audit.map((a) => a.reason)).toContain(reason)

    // admin Orders: found by the buyer's email, with the refunded amount, and no refund offered any more
    for (const width of [390, 1280]) {
      await admin.page.setViewportSize({ width, height: 900 })
      await admin.page.goto(`/dashboard/orders?q=${encodeURIComponent(email)}`)
      await admin.page.getByRole('heading', { name: t.orders.title, level: 1 }).waitFor()
      const orderRow = admin.page.locator('main tbody tr').filter({ hasText: title })
      await orderRow.waitFor()
      const orderText = (await orderRow.innerText()).replace(/\s+/g, ' ')
      expect(orderText).toContain('Paid $1,150.00')
      expect(orderText).toContain('Refunded −$120.50')
      expect(orderText).toContain('Seller gets $913.12')
      expect(orderText).toContain(t.statuses.completed)
      expect(await orderRow.getByRole('button', { name: `${t.orders.refund}: ${title}` }).count()).toBe(0)
      expect(await allA11yViolations(admin.page)).toEqual([])
      await screenshot(admin.page, `admin-orders-refunded-${width}`)
    }
    expect(admin.errors).toEqual([])
    await admin.context.close()
    await buyer.context.close()
    await sellerSide.context.close()
  })
})
