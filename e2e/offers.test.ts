import { messages } from '@preloved/shared/messages'
import type { Offer } from '@preloved/shared/offers'
import type { Order } from '@preloved/shared/orders'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, products, users } from '../apps/server/src/db/schema/index.ts'
import { PASSWORD, signUp } from '../apps/server/test/auth-helpers.ts'
import { insertProduct } from '../apps/server/test/fixtures.ts'
import {
  allA11yViolations,
  apiAs,
  DEMO,
  type Harness,
  liveStream,
  logIn,
  markStay,
  SCREENSHOTS,
  screenshot,
  signIn,
  startHarness,
  stayed,
  VIEWPORTS,
  viewportShot,
} from './harness.ts'

// In two browsers: a buyer (on a phone) makes an offer from the bag's page (the dialog shows the
// lowest allowed; a lower amount is refused under the field), the seller (on a desktop) counters from Offers Received
// (the buyer's open product page shows it at once, live), the buyer accepts the counter on My Offers and pays it
// through the ordinary booking and payment page: the order is at the counter price, with the first-order discount on
// top. axe and screenshots at 390 and 1440 px on each screen.

const m = messages.offers
let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

const toast = (page: Page, text: string) => page.locator('[role="status"]').filter({ hasText: text }).first()

/** A full-page screenshot at 390 px and at 1440 px wide (the page then goes back to its own size). */
async function shots(page: Page, name: string) {
  if (!SCREENSHOTS) return
  const size = page.viewportSize()
  await page.setViewportSize(VIEWPORTS.phone)
  await screenshot(page, `${name}-390`)
  await page.setViewportSize(VIEWPORTS.desktop)
  await screenshot(page, `${name}-1440`)
  if (size) await page.setViewportSize(size)
}

/** Opens a dashboard page from the side menu (the header's "Menu" on a phone), as a user does. */
async function openFromMenu(page: Page, label: string) {
  // which menu is decided by the screen, not by which one happens to show: a phone without its Menu fails here
  if (page.viewportSize()!.width <= VIEWPORTS.phone.width) {
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('list', { name: 'Dashboard' }).getByRole('link', { name: label }).click()
  } else {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: label }).click()
  }
  await page.getByRole('heading', { name: label, level: 1 }).waitFor()
}

/** A page whose console errors are checked: every one counts (the live stream's GET /api/events answers too). */
async function watchedPage(viewport: 'phone' | 'desktop') {
  const opened = await h.newPage(viewport)
  return { ...opened, realErrors: () => opened.errors }
}

describe('offers', () => {
  it('a buyer offers, the seller counters, the buyer accepts and pays the counter price', async () => {
    const db = h.app.db
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    const [photo] = await db
      .select({ img: products.img, thumb: products.thumb, photos: products.photos })
      .from(products)
      .where(eq(products.sellerId, seller!.id))
      .limit(1)
    const title = 'Offer Test Speedy 30'
    const bag = await insertProduct(db, seller!.id, { ...photo, title, resellPriceCents: 45_000, shippingCents: 0 })
    const email = `offer-${Date.now().toString(36)}@example.test`
    await signUp(h.app, { name: 'Olive Offer', email })

    // the buyer, on a phone: "Make an offer" on the bag's page
    const buyer = await watchedPage('phone')
    await logIn(buyer.page, email, PASSWORD)
    const buyerLive = liveStream(buyer.page)
    await buyer.page.goto(`/product/${bag.id}`)
    await buyerLive
    await markStay(buyer.page)
    await buyer.page.getByRole('button', { name: new RegExp(`^${m.makeOffer}`) }).click()
    const dialog = buyer.page.getByRole('dialog', { name: `${m.makeOffer}: ${title}` })
    await dialog.waitFor()
    // the lowest allowed: 60 % of $450.00
    await dialog.getByText(m.lowestAllowed('$270.00')).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await viewportShot(buyer.page, 'offer-dialog-phone')
    // too low: refused under the field, nothing sent
    await dialog.getByLabel(m.amountLabel).fill('200')
    await dialog.getByRole('button', { name: m.send }).click()
    await dialog.getByText('amount must be at least $270.00').waitFor()
    expect(await dialog.getByLabel(m.amountLabel).getAttribute('aria-invalid')).toBe('true')
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await dialog.getByLabel(m.amountLabel).fill('360')
    await dialog.getByRole('button', { name: m.send }).click()
    await toast(buyer.page, m.sent).waitFor()
    await buyer.page.getByText(m.yourPending('$360.00')).waitFor()
    expect(await buyer.page.getByRole('button', { name: new RegExp(`^${m.makeOffer}`) }).count()).toBe(0)
    await shots(buyer.page, 'offer-product-pending')

    // the seller, on a desktop: Offers Received, from the menu; counters at $400
    const sellerPage = await watchedPage('desktop')
    await signIn(sellerPage.page, DEMO.verifiedSeller)
    await sellerPage.page.goto('/dashboard/myProducts')
    await openFromMenu(sellerPage.page, m.offersReceived)
    const card = sellerPage.page.getByRole('listitem').filter({ hasText: title })
    await card.getByText(m.offerLine('$360.00')).waitFor()
    await card.getByText(m.statusForSeller.pending).waitFor()
    await card.getByRole('timer').waitFor()
    expect(await allA11yViolations(sellerPage.page)).toEqual([])
    await shots(sellerPage.page, 'offers-received')
    await card.getByRole('button', { name: `${m.counter}: ${title}` }).click()
    const counter = sellerPage.page.getByRole('dialog', { name: m.counterTitle })
    await counter.waitFor()
    // above the price: refused under the field
    await counter.getByLabel(m.counterLabel).fill('460')
    await counter.getByRole('button', { name: m.sendCounter }).click()
    await counter.getByText(m.counterRange('$360.00', '$450.00')).waitFor()
    expect(await allA11yViolations(sellerPage.page)).toEqual([])
    await viewportShot(sellerPage.page, 'offer-counter-dialog-desktop')
    await counter.getByLabel(m.counterLabel).fill('400')
    await counter.getByRole('button', { name: m.sendCounter }).click()
    await toast(sellerPage.page, m.counterSent).waitFor()
    await card.getByText(m.counterLine('$400.00')).waitFor()
    await card.getByText(m.statusForSeller.countered).waitFor()
    expect(await card.getByRole('button', { name: `${m.accept}: ${title}` }).count()).toBe(0)
    // the buyer's open product page shows the counter-offer at once (live), with no reload (no poll while connected)
    await buyer.page.getByText(m.yourCountered('$400.00')).waitFor({ timeout: 10_000 })
    expect(await stayed(buyer.page)).toBe(true)

    // the buyer: My Offers, from the menu; accepts the counter-offer
    await buyer.page.goto('/dashboard/myOrders')
    await openFromMenu(buyer.page, m.myOffers)
    const mine = buyer.page.getByRole('listitem').filter({ hasText: title })
    await mine.getByText(m.counterLine('$400.00')).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await shots(buyer.page, 'my-offers-countered')
    await mine.getByRole('button', { name: `${m.acceptCounter}: ${title}` }).click()
    const confirm = buyer.page.getByRole('dialog', { name: m.confirmAcceptCounterTitle })
    await confirm.getByText(m.confirmAcceptCounterBody('$400.00', 24)).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await confirm.getByRole('button', { name: m.acceptCounter }).click()
    await toast(buyer.page, m.counterAccepted).waitFor()
    await mine.getByText(m.agreedLine('$400.00')).waitFor()
    await mine.getByText(m.heldUntil).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await shots(buyer.page, 'my-offers-accepted')

    // the seller's page follows without a reload (live event, or the poll while the stream is down)
    await card.getByText(m.statusForSeller.accepted).waitFor({ timeout: 20_000 })
    await card.getByText(m.agreedLine('$400.00')).waitFor()
    // another customer sees the bag reserved: no Book Now, no offer
    const other = await h.newPage('desktop')
    await signIn(other.page, DEMO.otherCustomer)
    await other.page.goto(`/product/${bag.id}`)
    await other.page.getByRole('button', { name: messages.bookings.reservedLabel }).waitFor()
    expect(await other.page.getByRole('button', { name: new RegExp(`^${m.makeOffer}`) }).count()).toBe(0)
    await other.context.close()

    // Pay now: the ordinary booking form at the agreed price, then My Orders and the payment page
    await mine.getByRole('button', { name: `${m.payNow}: ${title}` }).click()
    const booking = buyer.page.getByRole('dialog', { name: title })
    await booking.waitFor()
    expect(await booking.getByLabel('Price').inputValue()).toBe('$400.00')
    await booking.getByLabel('Phone Number').fill('5550101234')
    await booking.getByLabel('Preferred Location').fill('New York, NY')
    await booking.getByRole('button', { name: 'Confirm Order' }).click()
    await buyer.page.waitForURL('**/dashboard/myOrders')
    const [held] = await db.select().from(bookings).where(eq(bookings.productId, bag.id))
    expect(held).toMatchObject({ priceCents: 40_000, status: 'held' })
    await buyer.page.locator(`main a[href="/dashboard/payment/${held!.id}"]`).filter({ visible: true }).first().click()
    await buyer.page.waitForURL(`**/dashboard/payment/${held!.id}`)
    // the counter price less the first-order discount (15 % of $400 = $60, capped at $50)
    await buyer.page.getByText('Please pay $350.00 for the bag you booked. Happy Shopping!').waitFor()
    await buyer.page.getByLabel('Full name').fill('Olive Offer')
    await buyer.page.getByLabel('Street and number').fill('350 Fifth Avenue')
    await buyer.page.getByLabel('Town or city').fill('New York')
    await buyer.page.getByLabel('Postcode').fill('10118')
    await buyer.page.getByLabel('Country', { exact: true }).selectOption('US')
    await buyer.page.getByLabel('Phone').fill('+1 212 555 0100')
    await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await buyer.page.getByLabel('Expiry (MM/YY)').fill('12/30')
    await buyer.page.getByLabel('CVC').fill('123')
    await buyer.page.getByLabel('ZIP').fill('10001')
    await buyer.page.getByRole('button', { name: 'Pay', exact: true }).click()
    await buyer.page.getByText(messages.payments.success).waitFor()

    // the order is at the counter price; the offer records its booking, now paid
    const order = await apiAs<Order>(buyer.page, `/api/orders/${held!.id}`)
    expect(order).toMatchObject({ price: 400, discount: 50, amount: 350, status: 'paid' })
    const offers = await apiAs<Offer[]>(buyer.page, '/api/offers?role=buyer')
    expect(offers[0]).toMatchObject({ status: 'accepted', agreed: 400, bookingId: held!.id, bookingStatus: 'paid' })
    await buyer.page.goto('/dashboard/myOffers')
    await buyer.page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('link', { name: `${m.viewOrder}: ${title}` })
      .waitFor()
    expect(buyer.realErrors()).toEqual([])
    expect(sellerPage.realErrors()).toEqual([])
    await buyer.context.close()
    await sellerPage.context.close()
  })

  it('the demo accounts have offers in every state to act on', async () => {
    const { page, context, realErrors } = await watchedPage('phone')
    await signIn(page, DEMO.customer)
    await page.goto('/dashboard/myOffers')
    const list = page.getByRole('list', { name: m.myOffers })
    await list.waitFor()
    for (const status of ['pending', 'accepted', 'withdrawn', 'expired'] as const)
      await list.getByText(m.status[status], { exact: true }).first().waitFor()
    await list
      .getByRole('button', { name: new RegExp(`^${m.payNow}`) })
      .first()
      .waitFor()
    expect(await allA11yViolations(page)).toEqual([])
    await shots(page, 'my-offers-demo')
    await context.close()

    const buyerErrors = realErrors()
    const seller = await watchedPage('desktop')
    await signIn(seller.page, DEMO.verifiedSeller)
    await seller.page.goto('/dashboard/offersReceived')
    const received = seller.page.getByRole('list', { name: m.offersReceived })
    await received.getByText(m.statusForSeller.pending, { exact: true }).first().waitFor()
    await received.getByText(m.statusForSeller.countered, { exact: true }).first().waitFor()
    expect(await allA11yViolations(seller.page)).toEqual([])
    await shots(seller.page, 'offers-received-demo')
    expect([...buyerErrors, ...seller.realErrors()]).toEqual([])
    await seller.context.close()
  })
})
