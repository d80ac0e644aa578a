import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, users } from '../apps/server/src/db/schema/index.ts'
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

// docs/decisions/034: after an unpaid hold runs out the bag cools down, and Book Now gives a 5-minute payment window
// that the first payment wins. The buyer is told so on the product page, in the booking form and on the payment page,
// and hears plainly when another buyer paid first. The server's clock is moved, never waited for.
let h: Harness
let now = Date.now()
const BAG = 'Cool-down Test Saddle Bag'

beforeAll(async () => {
  h = await startHarness({}, { clock: () => now })
})
afterAll(() => h?.close())

type Booked = { insertedId: string; hold: string }

describe('a bag cooling down after a hold ran out', () => {
  it('Book Now says the 5-minute window, opens the payment page, and a faster payer is named plainly', async () => {
    const db = h.app.db
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    const [demoBag] = await db.select().from(products).where(eq(products.sellerId, seller!.id)).limit(1)
    const bag = await insertProduct(db, seller!.id, {
      title: BAG,
      resellPriceCents: 31_000,
      img: demoBag!.img,
      thumb: demoBag!.thumb,
      photos: demoBag!.photos,
    })

    // another customer holds the bag and lets the hold run out
    const other = await h.newPage('desktop')
    await logIn(other.page, DEMO.otherCustomer)
    const booking = { product_id: bag.id, number: '5550101234', location: 'Queens, NY' }
    const first = await apiAs<Booked>(other.page, '/api/bookings', { method: 'POST', body: booking })
    expect(first.hold).toBe('exclusive')
    now += 31 * 60_000

    // the product page: Book Now, and the window it gives
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.customer)
    await page.goto(`/product/${bag.id}`)
    await page.getByRole('heading', { name: BAG, level: 1 }).waitFor()
    const note = page.getByTestId('payment-hold-note')
    await note.getByText(messages.bookings.paymentHoldTitle(5)).waitFor()
    expect(await note.getByText(messages.bookings.paymentHoldNote).isVisible()).toBe(true)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'holds-product-cooling-desktop')

    // the booking form says it too; confirming opens the payment page at once
    await page.getByRole('button', { name: /^Book Now/ }).click()
    const dialog = page.getByRole('dialog', { name: BAG })
    await dialog.waitFor()
    await dialog.getByText(messages.bookings.paymentHoldTitle(5)).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await viewportShot(page, 'holds-booking-modal-cooling-desktop')
    await dialog.getByLabel('Phone Number').fill('5550101234')
    await dialog.getByLabel('Preferred Location').fill('Brooklyn, NY')
    await dialog.getByRole('button', { name: 'Confirm Order' }).click()
    await page.waitForURL('**/dashboard/payment/*')
    await page.getByRole('heading', { name: `Payment for ${BAG}`, level: 1 }).waitFor()
    await page.getByTestId('payment-hold-note').getByText(messages.bookings.paymentHoldTitle(5)).waitFor()
    expect(await page.getByText(/Pay by \d\d:\d\d/).isVisible()).toBe(true)
    const pay = page.getByRole('button', { name: 'Pay', exact: true })
    await expect.poll(() => pay.isEnabled()).toBe(true)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'holds-payment-window-desktop')

    // meanwhile the other customer books again and pays at once: the first payment wins
    const second = await apiAs<Booked>(other.page, '/api/bookings', { method: 'POST', body: booking })
    expect(second.hold).toBe('payment')
    const intent = await apiAs<{ clientSecret: string }>(other.page, '/api/create-payment-intent', {
      method: 'POST',
      body: { bookingId: second.insertedId },
    })
    const charged = await apiAs<{ transactionId: string }>(other.page, '/api/test-processor/confirm', {
      method: 'POST',
      body: {
        clientSecret: intent.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' },
      },
    })
    const paid = await apiAs<{ acknowledged: boolean }>(other.page, '/api/payments', {
      method: 'POST',
      body: { transactionId: charged.transactionId, bookingId: second.insertedId },
    })
    expect(paid.acknowledged).toBe(true)
    await other.context.close()

    // Pay: a plain message that another buyer paid first, nothing charged
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry (MM/YY)').fill('12/30')
    await page.getByLabel('CVC').fill('123')
    await page.getByLabel('ZIP').fill('10001')
    await pay.click()
    await page.getByRole('alert').filter({ hasText: messages.payments.paidFirstByOther }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'holds-paid-first-by-other-desktop')
    expect(errors.filter((e) => !e.includes('409'))).toEqual([])
    await context.close()
  })
})
