import { messages } from '@preloved/shared/messages'
import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, products, users } from '../apps/server/src/db/schema/index.ts'
import { orderDepsOf } from '../apps/server/src/modules/orders/order-deps.ts'
import { sweepOrders } from '../apps/server/src/modules/orders/orders.service.ts'
import { PASSWORD, signUp } from '../apps/server/test/auth-helpers.ts'
import { insertProduct } from '../apps/server/test/fixtures.ts'
import {
  apiAs,
  DEMO,
  type Harness,
  logIn,
  screenshot,
  seriousA11yViolations,
  signIn,
  startHarness,
  viewportShot,
} from './harness.ts'

// The seller never ships. SHIP_DAYS after the buyer paid (the server's clock moved, no waiting), the sweeper
// cancels the order and refunds the buyer in full; the buyer's order page and My Orders say so, and the bag is for
// sale again: another customer books it from its product page.
let h: Harness
let now = Date.now()
const DAY = 86_400_000
const BAG = 'Deadline Test Bucket Bag'

beforeAll(async () => {
  h = await startHarness({}, { clock: () => now })
})
afterAll(() => h?.close())

const ADDRESS = {
  name: 'Dee Deadline',
  line1: '3 Clock Lane',
  city: 'Brooklyn',
  postcode: '11201',
  country: 'US',
  phone: '+1 718 555 0111',
}

describe('a seller who never ships', () => {
  it('SHIP_DAYS later the order is cancelled, the buyer refunded in full, and the bag for sale again (phone)', async () => {
    const db = h.app.db
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    // drawn like the demo's bags: the photos of one of the seller's demo listings
    const [demoBag] = await db.select().from(products).where(eq(products.sellerId, seller!.id)).limit(1)
    const bag = await insertProduct(db, seller!.id, {
      title: BAG,
      resellPriceCents: 42_000,
      img: demoBag!.img,
      thumb: demoBag!.thumb,
      photos: demoBag!.photos,
    })
    const email = `deadline-${Date.now().toString(36)}@example.test`
    await signUp(h.app, { name: 'Dee Deadline', email })

    // the customer books and pays on the payment page, at 390 px
    const { page, context, errors } = await h.newPage('phone')
    await logIn(page, email, PASSWORD)
    // a default delivery address, which the payment page pays with
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    const saved = await page.request.post('/api/addresses', {
      headers: { authorization: `Bearer ${token}` },
      data: ADDRESS,
    })
    expect(saved.ok(), await saved.text()).toBe(true)
    const booked = await apiAs<{ insertedId: string }>(page, '/api/bookings', {
      method: 'POST',
      body: { product_id: bag.id, number: '7185550111', location: 'Brooklyn, NY' },
    })
    const id = booked.insertedId
    await page.goto(`/dashboard/payment/${id}`)
    await expect.poll(() => page.getByRole('button', { name: 'Pay', exact: true }).isEnabled()).toBe(true)
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry (MM/YY)').fill('12/30')
    await page.getByLabel('CVC').fill('123')
    await page.getByLabel('ZIP').fill('11201')
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await page.getByText(messages.payments.success).waitFor()
    // paid with the default address: the order has it, and the seller's clock started at the payment
    let order = await apiAs<Order>(page, `/api/orders/${id}`)
    expect(order).toMatchObject({ status: 'paid', awaitingAddress: false, refunded: 0 })
    const paid = order.amount
    const shipBy = Date.parse(order.shipBy!)
    expect(shipBy).toBe(now + 5 * DAY) // SHIP_DAYS' default, from the payment (the address was known then)
    expect((await db.select().from(products).where(eq(products.id, bag.id)))[0]!.status).toBe('sold')

    // the seller does nothing; the server's clock passes the ship-by date and the sweeper runs
    now = shipBy + 60_000
    const swept = await sweepOrders(orderDepsOf(h.app), h.app.now())
    expect(swept.cancelled).toBeGreaterThanOrEqual(1)

    // the buyer's order page: cancelled, refunded in full, the timeline says why
    await page.goto(`/dashboard/orders/${id}`)
    const badge = page.getByTestId('order-state').first()
    await badge.waitFor()
    expect((await badge.innerText()).trim()).toBe(t.status.cancelled)
    await page.getByText(t.next.cancelledBuyer).first().waitFor()
    order = await apiAs<Order>(page, `/api/orders/${id}`)
    expect(order).toMatchObject({ status: 'cancelled', refunded: paid })
    expect(order.timeline.map((e) => [e.status, e.actor])).toEqual([
      ['paid', 'buyer'],
      ['cancelled', 'system'],
    ])
    expect(order.timeline.at(-1)!.at).toBe(new Date(shipBy).toISOString())
    const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ')
    expect(main).toContain(`−$${paid.toFixed(2)}`)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'orders-deadline-order-phone')

    // My Orders: the order cancelled, and the refund
    await page.goto('/dashboard/myOrders')
    const row = page.locator('main').getByText(BAG).first()
    await row.waitFor()
    await page
      .locator('main')
      .getByText(t.status.cancelled, { exact: true })
      .filter({ visible: true })
      .first()
      .waitFor()
    // and what came back to the card
    await page
      .locator('main')
      .getByText(t.refundedToYou(`$${paid.toFixed(2)}`), { exact: true })
      .filter({ visible: true })
      .first()
      .waitFor()
    await viewportShot(page, 'orders-deadline-my-orders-phone')
    expect(errors).toEqual([])
    await context.close()

    // the bag is for sale again: another customer books it from its product page
    expect((await db.select().from(products).where(eq(products.id, bag.id)))[0]!.status).toBe('available')
    const other = await h.newPage('phone')
    await signIn(other.page, DEMO.otherCustomer)
    await other.page.goto(`/product/${bag.id}`)
    await other.page.getByRole('heading', { name: BAG, level: 1 }).waitFor()
    await other.page
      .getByRole('button', { name: /^Book Now/ })
      .first()
      .click()
    const dialog = other.page.getByRole('dialog', { name: BAG })
    await dialog.waitFor()
    await dialog.getByLabel('Phone Number').fill('5550102222')
    await dialog.getByLabel('Preferred Location').fill('New York, NY')
    await dialog.getByRole('button', { name: 'Confirm Order' }).click()
    await other.page.getByText(messages.bookings.confirmed).first().waitFor()
    const live = await db.select().from(bookings).where(eq(bookings.productId, bag.id))
    expect(live.map((b) => b.status).sort()).toEqual(['cancelled', 'held'])
    await other.context.close()
  })
})
