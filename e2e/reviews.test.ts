import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, users } from '../apps/server/src/db/schema/index.ts'
import { PASSWORD, type Session, signUp } from '../apps/server/test/auth-helpers.ts'
import { insertProduct } from '../apps/server/test/fixtures.ts'
import {
  allA11yViolations,
  apiAs,
  type Harness,
  liveStream,
  logIn,
  markStay,
  SCREENSHOTS,
  screenshot,
  startHarness,
  stayed,
  stopMotion,
} from './harness.ts'

// As a buyer and a seller see it: a completed order gets a review on its order page, the seller
// replies there (the buyer's open order page shows the shipping, the completion and the reply live, without a reload),
// and the seller's profile shows the stars, the count and the review with its reply; a seller whose data earns them
// shows the badges beside their name on the profile and on their bags' pages. axe on every screen.

const m = messages.reviews
let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

const ADDRESS = {
  name: 'Rosa Review',
  line1: '8 Test Lane',
  city: 'Portland',
  postcode: '97201',
  country: 'US',
  phone: '+1 555 010 7777',
}

/** Books and pays for `productId` with the test card, as the signed-in page, with a delivery address. */
async function bookAndPay(page: Page, productId: string): Promise<string> {
  const booked = await apiAs<{ insertedId: string }>(page, '/api/bookings', {
    method: 'POST',
    body: { product_id: productId, number: '5550107777', location: 'Portland, OR' },
  })
  const bookingId = booked.insertedId
  const intent = await apiAs<{ clientSecret: string; amount: number }>(page, '/api/create-payment-intent', {
    method: 'POST',
    body: { bookingId, address: ADDRESS },
  })
  const confirmed = await apiAs<{ transactionId: string }>(page, '/api/test-processor/confirm', {
    method: 'POST',
    body: {
      clientSecret: intent.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '97201' },
      billing: { name: ADDRESS.name },
    },
  })
  await apiAs(page, '/api/payments', {
    method: 'POST',
    body: { transactionId: confirmed.transactionId, bookingId, price: intent.amount, paid: true },
  })
  return bookingId
}

const move = async (who: Session, orderId: string, path: string, payload?: object) => {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/${path}`,
    headers: who.bearer,
    ...(payload ? { payload } : {}),
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** A screenshot at 390 px and at 1440 px wide (the page then goes back to its own size), when asked for. */
async function shots(page: Page, name: string) {
  if (!SCREENSHOTS) return
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-390`)
  await page.setViewportSize({ width: 1440, height: 900 })
  await screenshot(page, `${name}-1440`)
  if (size) await page.setViewportSize(size)
}

async function axeClean(page: Page) {
  await stopMotion(page)
  expect(await allA11yViolations(page)).toEqual([])
}

/** A demo photo for a new bag, so that every picture on the pages loads. */
async function demoPhoto() {
  const [bag] = await h.app.db.select().from(products).limit(1)
  return { img: bag!.img, thumb: bag!.thumb, photos: bag!.photos }
}

describe('a completed order gets a review, and the seller profile shows it', () => {
  it('the buyer reviews on the order page, the seller replies, the profile shows the stars, the review and the reply', async () => {
    const stamp = Math.random().toString(36).slice(2, 8)
    const sellerEmail = `rev-seller-${stamp}@example.test`
    const seller = await signUp(h.app, { name: 'Rhea Seller', email: sellerEmail, role: 'seller' })
    const photo = await demoPhoto()
    const bag = await insertProduct(h.app.db, seller.id, { title: 'Review test saddle bag', ...photo })
    const other = await insertProduct(h.app.db, seller.id, { title: 'Review test tote', ...photo })
    const buyerEmail = `rev-buyer-${stamp}@example.test`
    const buyerSession = await signUp(h.app, { name: 'Rosa Review', email: buyerEmail, role: 'customer' })

    // the buyer pays and keeps the order page open: the seller's 'shipped' shows there without a reload (live, from
    // the order's notification); before completion the page has no review part
    const buyer = await h.newPage('phone')
    await logIn(buyer.page, buyerEmail, PASSWORD)
    const orderId = await bookAndPay(buyer.page, bag.id)
    const buyerLive = liveStream(buyer.page)
    await buyer.page.goto(`/dashboard/orders/${orderId}`)
    await buyer.page.getByTestId('order-state').first().waitFor()
    await buyerLive
    await markStay(buyer.page)
    expect(await buyer.page.getByTestId('tracking-number').count()).toBe(0)
    await move(seller, orderId, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })
    await buyer.page.getByTestId('tracking-number').getByText('1Z999AA10123456784').waitFor({ timeout: 10_000 })
    expect(await buyer.page.getByRole('region', { name: m.leaveReview }).count()).toBe(0)

    // completed: "Leave a review", with the date it can be written until (again without a reload)
    await move(buyerSession, orderId, 'confirm')
    const form = buyer.page.getByRole('region', { name: m.leaveReview })
    await form.waitFor({ timeout: 10_000 })
    expect(await stayed(buyer.page)).toBe(true)
    await form.getByText(/^You can review this order until /).waitFor()
    await shots(buyer.page, 'review-order-form')
    await axeClean(buyer.page)

    // no stars: the form says so, and nothing is sent
    await form.getByRole('button', { name: m.submit }).click()
    await form.getByText(m.ratingRequired).waitFor()
    await axeClean(buyer.page)

    // two stars with a tap on the second star, then five with the arrow keys; and words
    await form
      .locator('label')
      .filter({ has: buyer.page.getByRole('radio', { name: m.starOption(2) }) })
      .click()
    expect(await form.getByRole('radio', { name: m.starOption(2) }).isChecked()).toBe(true)
    for (let i = 0; i < 3; i++) await buyer.page.keyboard.press('ArrowRight')
    expect(await form.getByRole('radio', { name: m.starOption(5) }).isChecked()).toBe(true)
    await form.getByText(m.starOption(5), { exact: true }).last().waitFor()
    await form.getByLabel(m.textLabel).fill('Beautiful bag, exactly as described, and shipped the next morning.')
    await form.getByRole('button', { name: m.submit }).click()
    await buyer.page.getByText(m.posted).waitFor()
    const mine = buyer.page.getByRole('region', { name: m.yourReview })
    await mine.getByText('Beautiful bag, exactly as described, and shipped the next morning.').waitFor()
    await mine.getByRole('img', { name: m.ratedShort(5) }).waitFor()
    expect(await mine.getByRole('button', { name: m.submit }).count()).toBe(0)
    await shots(buyer.page, 'review-order-written')
    await axeClean(buyer.page)
    expect(buyer.errors).toEqual([])

    // the seller reads it on the order page and replies once
    const sellerTab = await h.newPage('desktop')
    await logIn(sellerTab.page, sellerEmail, PASSWORD)
    await sellerTab.page.goto(`/dashboard/orders/${orderId}`)
    const theirs = sellerTab.page.getByRole('region', { name: m.buyersReview })
    await theirs.getByText('Beautiful bag, exactly as described').waitFor()
    await theirs.getByLabel(m.replyLabel).fill('Thank you, Rosa! Enjoy it.')
    await axeClean(sellerTab.page)
    await theirs.getByRole('button', { name: m.postReply }).click()
    await theirs.getByText(m.sellerReply('Rhea Seller')).waitFor()
    await theirs.getByText('Thank you, Rosa! Enjoy it.').waitFor()
    await theirs.getByRole('button', { name: m.postReply }).waitFor({ state: 'detached' })
    expect(sellerTab.errors).toEqual([])
    // the buyer's open order page shows the reply at once (live), with no reload: no poll runs while connected
    await mine.getByText('Thank you, Rosa! Enjoy it.').waitFor({ timeout: 10_000 })
    await mine.getByText(m.sellerReply('Rhea Seller')).waitFor()
    expect(await stayed(buyer.page)).toBe(true)
    expect(buyer.errors).toEqual([])

    // a visitor: the profile shows the stars and the count beside the name, and the review with its reply
    const visitor = await h.newPage('phone')
    await visitor.page.goto(`/seller/${seller.id}`)
    const header = visitor.page.locator('main header')
    await header.getByRole('img', { name: m.rated(5) }).waitFor()
    await header.getByRole('link', { name: `(${m.reviewCount(1)})` }).waitFor()
    const reviews = visitor.page.getByRole('region', { name: m.reviewsHeading })
    const card = reviews.getByTestId('review')
    expect(await card.count()).toBe(1)
    await card.getByRole('heading', { name: 'Rosa R.' }).waitFor()
    await card.getByText('Beautiful bag, exactly as described, and shipped the next morning.').waitFor()
    await card.getByText('Thank you, Rosa! Enjoy it.').waitFor()
    await card.getByRole('link', { name: m.boughtItem('Review test saddle bag') }).waitFor()
    await shots(visitor.page, 'review-seller-profile')
    await axeClean(visitor.page)

    // the seller's other bag: the stars beside the seller's name
    await visitor.page.goto(`/product/${other.id}`)
    const sellerCard = visitor.page.getByRole('region', { name: messages.productPage.soldBy })
    await sellerCard.getByRole('img', { name: m.rated(5) }).waitFor()
    expect(await sellerCard.getByText(`(${m.reviewCount(1)})`).count()).toBe(1)
    await axeClean(visitor.page)
    expect(visitor.errors).toEqual([])
    for (const tab of [buyer, sellerTab, visitor]) await tab.context.close()
  })
})

describe("a seller's badges, from the demo's data", () => {
  it('Daniel Okafor shows Ships fast, Top rated and Verified on his profile and beside his name on his bags; his reviews page', async () => {
    const [daniel] = await h.app.db.select().from(users).where(eq(users.email, 'daniel.okafor@demo.preloved.test'))
    // rendered on the server: the stars, the badges and the first reviews are in the HTML before any script runs
    const html = await (await fetch(`${h.baseUrl}/seller/${daniel!.id}`)).text()
    for (const text of [m.badgeLabel.ships_fast, m.badgeLabel.top_rated, m.rated(4.9), 'Clean and fresh. Fast too.'])
      expect(html).toContain(text)
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto(`/seller/${daniel!.id}`)
    const header = page.locator('main header')
    await header.getByText(messages.sellers.verified).waitFor()
    const badges = header.getByRole('list', { name: m.badgesLabel })
    await badges.getByText(m.badgeLabel.ships_fast).waitFor()
    await badges.getByText(m.badgeLabel.top_rated).waitFor()
    await header.getByRole('img', { name: m.rated(4.9) }).waitFor()
    // ten reviews, six to a page: "More reviews" brings the rest
    const reviews = page.getByRole('region', { name: m.reviewsHeading })
    await reviews.getByText(m.reviewsLead(10)).waitFor()
    expect(await reviews.getByTestId('review').count()).toBe(6)
    await reviews.getByRole('button', { name: m.loadMore }).click()
    await expect.poll(() => reviews.getByTestId('review').count()).toBe(10)
    await reviews.getByText(m.sellerReply('Daniel Okafor')).first().waitFor()
    await shots(page, 'review-badges-profile')
    await axeClean(page)

    const [bag] = await h.app.db
      .select()
      .from(products)
      .where(eq(products.sellerId, daniel!.id))
      .then((rows) => rows.filter((r) => r.status === 'available'))
    const productHtml = await (await fetch(`${h.baseUrl}/product/${bag!.id}`)).text()
    expect(productHtml).toContain(m.badgeLabel.top_rated)
    await page.goto(`/product/${bag!.id}`)
    const sellerCard = page.getByRole('region', { name: messages.productPage.soldBy })
    await sellerCard.getByText(m.badgeLabel.ships_fast).waitFor()
    await sellerCard.getByText(m.badgeLabel.top_rated).waitFor()
    await sellerCard.getByText(messages.sellers.verified).waitFor()
    await sellerCard.getByRole('img', { name: m.rated(4.9) }).waitFor()
    await shots(page, 'review-badges-product')
    await axeClean(page)
    expect(errors).toEqual([])
    await context.close()
  })
})
