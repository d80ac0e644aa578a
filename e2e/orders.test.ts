import { messages } from '@preloved/shared/messages'
import { moneyPagesMessages as m } from '@preloved/shared/messages/money-pages'
import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Earnings, Order } from '@preloved/shared/orders'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
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
  SCREENSHOTS,
  screenshot,
  signIn,
  startHarness,
} from './harness.ts'

// The order after payment as its buyer and seller see it: a buyer pays, the seller marks the bag shipped,
// the buyer confirms; at each step each party's order page offers only the moves they may make now, My Orders and
// My Sales link to it and say its state, a move made from a stale page shows the server's 409, and the receipt prints.
let h: Harness
/** How far the server's clock runs ahead of the wall clock (moved past the new seller's reserve below). */
let ahead = 0

beforeAll(async () => {
  h = await startHarness({}, { clock: () => Date.now() + ahead })
})
afterAll(() => h?.close())

const ADDRESS = {
  name: 'Olive Order',
  line1: '12 Test Street',
  city: 'Brooklyn',
  postcode: '11201',
  country: 'US',
  phone: '+1 555 010 1234',
}

/** Every move button of the order page: which of them the page shows. */
const MOVES = [t.actions.ship, t.actions.cancel, t.actions.confirm, t.actions.dispute, t.actions.answer] as const
async function movesShown(page: Page): Promise<string[]> {
  const shown: string[] = []
  for (const name of MOVES) {
    if (await page.getByRole('button', { name, exact: true }).isVisible()) shown.push(name)
  }
  return shown
}

const stateBadge = (page: Page) => page.getByTestId('order-state').first()

/**
 * After a click to an order's page: its money part is there (the lists before it show the same state badge, and
 * the URL changes before the page has rendered, so neither says the order page is up).
 */
const orderPageShown = (page: Page) => page.getByTestId('order-money').waitFor()

/** Books `productId` and pays for it with the test card, through the API as the signed-in page (with an address). */
async function bookAndPay(page: Page, productId: string, address: typeof ADDRESS | null = ADDRESS): Promise<string> {
  const booked = await apiAs<{ insertedId: string }>(page, '/api/bookings', {
    method: 'POST',
    body: { product_id: productId, number: '5550101234', location: 'Brooklyn, NY' },
  })
  const bookingId = booked.insertedId
  const intent = await apiAs<{ clientSecret: string; amount: number }>(page, '/api/create-payment-intent', {
    method: 'POST',
    body: address ? { bookingId, address } : { bookingId },
  })
  const confirmed = await apiAs<{ transactionId: string }>(page, '/api/test-processor/confirm', {
    method: 'POST',
    body: {
      clientSecret: intent.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '11201' },
      billing: { name: ADDRESS.name },
    },
  })
  await apiAs(page, '/api/payments', {
    method: 'POST',
    body: { transactionId: confirmed.transactionId, bookingId, price: intent.amount, paid: true },
  })
  // the payment keeps the address it was given: the order waits for one only when it was paid without
  const order = await apiAs<Order>(page, `/api/orders/${bookingId}`)
  expect(order.awaitingAddress).toBe(address === null)
  return bookingId
}

async function openOrder(page: Page, id: string) {
  await page.goto(`/dashboard/orders/${id}`)
  await stateBadge(page).waitFor()
}

/** A screenshot at 390 px and at 1280 px wide (the page then goes back to its own size), when asked for. */
async function shots(page: Page, name: string) {
  if (!SCREENSHOTS) return
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-390`)
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, `${name}-1280`)
  if (size) await page.setViewportSize(size)
}

/** A new bag of the demo's verified seller (with one of the demo's photos), and a new customer signed in on a phone. */
async function bagAndBuyer(title: string, buyerEmail?: string) {
  const db = h.app.db
  const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
  const [demoBag] = await db.select().from(products).where(eq(products.sellerId, seller!.id)).limit(1)
  const bag = await insertProduct(db, seller!.id, {
    title,
    resellPriceCents: 45_000,
    img: demoBag!.img,
    thumb: demoBag!.thumb,
    photos: demoBag!.photos,
  })
  const buyer = await h.newPage('phone')
  if (buyerEmail) {
    await logIn(buyer.page, buyerEmail)
  } else {
    const email = `buyer-${Math.random().toString(36).slice(2)}@example.test`
    await signUp(h.app, { name: 'Olive Order', email })
    await logIn(buyer.page, email, PASSWORD)
  }
  return { bag, buyer }
}

/** A small photo, as a phone's camera roll holds one. */
async function photo(name: string) {
  const size = 200
  const raw = Buffer.alloc(size * size * 3)
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7 + Math.floor(Math.random() * 30)) % 256
  const buffer = await sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

describe('an order from payment to completion, as its buyer and its seller see it', () => {
  it('the buyer pays, the seller ships, the buyer confirms, the seller is paid out: each page offers only its party’s moves', async () => {
    const db = h.app.db
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    // a bag of the demo's verified seller, with one of the demo's photos
    const [demoBag] = await db.select().from(products).where(eq(products.sellerId, seller!.id)).limit(1)
    const bag = await insertProduct(db, seller!.id, {
      title: 'Order Page Test Speedy 30',
      resellPriceCents: 80_000,
      shippingCents: 1_500,
      img: demoBag!.img,
      thumb: demoBag!.thumb,
      photos: demoBag!.photos,
    })
    const email = `orders-${Date.now().toString(36)}@example.test`
    await signUp(h.app, { name: 'Olive Order', email })

    // the buyer pays (a first order: the shop's 15 % discount)
    const buyer = await h.newPage('phone')
    await logIn(buyer.page, email, PASSWORD)
    const id = await bookAndPay(buyer.page, bag.id)
    const paid = await apiAs<Order>(buyer.page, `/api/orders/${id}`)
    expect(paid.status).toBe('paid')

    // My Orders: the paid row says the order's state and links to its page
    await buyer.page.goto('/dashboard/myOrders')
    const row = buyer.page.locator('main tbody tr').filter({ hasText: bag.title })
    const link = row.getByRole('link', { name: new RegExp(`^${t.status.paid}`) }).filter({ visible: true })
    await link.waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await link.click()
    await buyer.page.waitForURL(`**/dashboard/orders/${id}`)
    await orderPageShown(buyer.page)

    // the buyer's page, paid: the state, the ship-by deadline with its countdown, the address; nothing to do yet
    expect(await stateBadge(buyer.page).innerText()).toBe(t.status.paid)
    expect((await buyer.page.getByTestId('deadline').innerText()).replace(/\s+/g, ' ')).toMatch(
      /^Ship by \w{3} \d{1,2} \w{3,4}, \d{2}:\d{2} \(\d+ days? (\d+ h )?left\)$/,
    )
    expect(await buyer.page.getByTestId('order-address').innerText()).toContain(ADDRESS.line1)
    expect(await movesShown(buyer.page)).toEqual([])
    const buyerMoney = await buyer.page.getByTestId('order-money').innerText()
    expect(buyerMoney).not.toContain(t.money.commission)
    expect(buyerMoney).toContain(t.money.discount)
    expect(await allA11yViolations(buyer.page)).toEqual([])

    // the seller: My Sales lists the order with its state and ship-by countdown, and leads to its page
    const sellerTab = await h.newPage('desktop')
    await signIn(sellerTab.page, DEMO.verifiedSeller)
    await sellerTab.page.goto('/dashboard/mySales')
    await sellerTab.page.getByRole('heading', { name: t.mySales, level: 1 }).waitFor()
    const sale = sellerTab.page.locator('main tbody tr').filter({ hasText: bag.title })
    await sale.waitFor()
    expect(await sale.innerText()).toContain('Olive Order')
    expect((await sale.getByTestId('deadline').innerText()).replace(/\s+/g, ' ')).toMatch(/^Ship by .+ left\)$/)
    expect(await allA11yViolations(sellerTab.page)).toEqual([])
    await shots(sellerTab.page, 'orders-my-sales')
    await sale.getByRole('link', { name: `${t.viewOrder}: ${bag.title}` }).click()
    await sellerTab.page.waitForURL(`**/dashboard/orders/${id}`)
    await orderPageShown(sellerTab.page)

    // the seller's page, paid: Mark as shipped and Cancel order only; the commission and what they receive
    expect(await movesShown(sellerTab.page)).toEqual([t.actions.ship, t.actions.cancel])
    const sellerMoney = (await sellerTab.page.getByTestId('order-money').innerText()).replace(/\s+/g, ' ')
    const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
    expect(paid.shipping).toBe(15)
    expect(sellerMoney).toContain(`${t.money.shipping} $15.00`)
    expect(sellerMoney).toContain(`${t.money.paid} ${usd(paid.amount)}`)
    expect(sellerMoney).toContain(`${t.money.commission} −${usd(paid.commission)}`)
    expect(sellerMoney).toContain(`${t.money.youReceive} ${usd(paid.sellerAmount)}`)
    expect(await allA11yViolations(sellerTab.page)).toEqual([])
    await shots(sellerTab.page, 'orders-seller-paid')

    // a second tab of the seller's, left on the paid order (stale after the ship below)
    const staleTab = await sellerTab.context.newPage()
    await openOrder(staleTab, id)
    expect(await movesShown(staleTab)).toEqual([t.actions.ship, t.actions.cancel])

    // Mark as shipped: an empty form says what is missing under each field; then the carrier and tracking number
    await sellerTab.page.getByRole('button', { name: t.actions.ship, exact: true }).click()
    const dialog = sellerTab.page.getByRole('dialog', { name: t.actions.shipTitle })
    await dialog.getByLabel(t.actions.carrier).waitFor()
    await dialog.getByRole('button', { name: t.actions.shipConfirm }).click()
    await dialog.getByText(t.actions.trackingRequired, { exact: true }).waitFor()
    // each field is marked invalid and described by its error, under it
    for (const label of [t.actions.carrier, t.actions.trackingNumber]) {
      const field = dialog.getByLabel(label)
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      const described = (await field.getAttribute('aria-describedby')) ?? ''
      expect(described).toMatch(/-error$/)
    }
    expect(await dialog.locator('p.text-error').allInnerTexts()).toEqual([
      t.actions.chooseCarrier,
      t.actions.trackingRequired,
    ])
    expect(await allA11yViolations(sellerTab.page)).toEqual([])
    await dialog.getByLabel(t.actions.carrier).selectOption('UPS')
    await dialog.getByLabel(t.actions.trackingNumber).fill('1Z999AA10123456784')
    await dialog.getByRole('button', { name: t.actions.shipConfirm }).click()
    await sellerTab.page.getByText(t.actions.shipped).waitFor()
    await expect.poll(() => stateBadge(sellerTab.page).innerText()).toBe(t.status.shipped)
    expect(await sellerTab.page.getByTestId('tracking-number').innerText()).toBe('1Z999AA10123456784')
    expect(await movesShown(sellerTab.page)).toEqual([])
    const shipped = await apiAs<Order>(sellerTab.page, `/api/orders/${id}`)
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })

    // the stale tab still offers Cancel order: the server refuses (409, naming the state) and the page says so
    await staleTab.getByRole('button', { name: t.actions.cancel, exact: true }).click()
    await staleTab
      .getByRole('dialog', { name: t.actions.cancelTitle })
      .getByRole('button', { name: t.actions.cancelConfirm })
      .click()
    const refusal = staleTab.locator('[role="status"], [role="alert"]').filter({ hasText: /shipped/i })
    await refusal.first().waitFor()
    // and then shows the order as it stands
    await expect.poll(() => stateBadge(staleTab).innerText()).toBe(t.status.shipped)
    expect((await apiAs<Order>(sellerTab.page, `/api/orders/${id}`)).status).toBe('shipped')

    // the buyer's page, shipped: Everything is OK and Report a problem only, with the completion deadline
    await openOrder(buyer.page, id)
    expect(await stateBadge(buyer.page).innerText()).toBe(t.status.shipped)
    expect(await movesShown(buyer.page)).toEqual([t.actions.confirm, t.actions.dispute])
    expect((await buyer.page.getByTestId('deadline').innerText()).replace(/\s+/g, ' ')).toMatch(
      /^Completes on its own .+ left\)$/,
    )
    // Report a problem offers a reason in words for each, a note and photos (closed again here)
    await buyer.page.getByRole('button', { name: t.actions.dispute, exact: true }).click()
    const report = buyer.page.getByRole('dialog', { name: t.actions.disputeTitle })
    for (const words of Object.values(t.disputeReason)) await report.getByRole('radio', { name: words }).waitFor()
    await report.getByLabel(t.actions.photos).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await report.getByRole('button', { name: t.actions.close, exact: true }).click()
    await shots(buyer.page, 'orders-buyer-shipped')

    // Everything is OK, confirmed: the order completes and nothing is left to do
    await buyer.page.getByRole('button', { name: t.actions.confirm, exact: true }).click()
    await buyer.page
      .getByRole('dialog', { name: t.actions.confirmTitle })
      .getByRole('button', { name: t.actions.confirm })
      .click()
    await buyer.page.getByText(t.actions.confirmed).waitFor()
    await expect.poll(() => stateBadge(buyer.page).innerText()).toBe(t.status.completed)
    expect(await movesShown(buyer.page)).toEqual([])
    const history = buyer.page.getByRole('list', { name: t.timelineHeading })
    const lines = (await history.getByRole('listitem').allInnerTexts()).map((l) => l.split('\n')[0]?.trim())
    // oldest first; an address given after paying is an update of the paid state
    expect(lines.filter((line) => !line?.startsWith(t.timelineUpdate))).toEqual([
      `${t.timelineEvent.paid} ${t.actor.buyer}`,
      `${t.timelineEvent.shipped} ${t.actor.seller}`,
      `${t.timelineEvent.completed} ${t.actor.buyer}`,
    ])
    expect((await apiAs<Order>(buyer.page, `/api/orders/${id}`)).status).toBe('completed')
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await shots(buyer.page, 'orders-buyer-completed')

    // the seller's page, completed: nothing to do
    await openOrder(sellerTab.page, id)
    expect(await stateBadge(sellerTab.page).innerText()).toBe(t.status.completed)
    expect(await movesShown(sellerTab.page)).toEqual([])

    // the seller's Earnings: this sale's lines less commission, then the whole available balance paid out, once the
    // new seller's reserve is over (one of the demo seller's first 3 sales: NEW_SELLER_HOLD_DAYS, 7 days, after completion)
    ahead += 7 * 86_400_000 + 60_000
    const before = await apiAs<Earnings>(sellerTab.page, '/api/earnings')
    const mine = before.entries.filter((e) => e.orderId === id)
    expect(mine.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['commission', -120], // 15 % of the price, never of the shipping
      ['sale', 800],
      ['shipping', 15],
    ])
    expect(before.available).toBeGreaterThanOrEqual(695) // 800 + 15 − 120
    expect(before.account).toMatchObject({ provider: 'test', last4: '4321' })
    await sellerTab.page.goto('/dashboard/earnings')
    const payout = `${m.earnings.payout} ${usd(before.available)}`
    await sellerTab.page.getByRole('button', { name: payout }).click()
    const payoutDialog = sellerTab.page.getByRole('dialog', { name: m.earnings.payoutConfirmTitle })
    await payoutDialog.getByRole('button', { name: payout }).click()
    await sellerTab.page.getByText(m.earnings.payoutDone(usd(before.available))).waitFor()
    const after = await apiAs<Earnings>(sellerTab.page, '/api/earnings')
    expect(after.available).toBe(0)
    expect(after.paidOut).toBeCloseTo(before.paidOut + before.available, 2)
    expect(after.entries.find((e) => e.kind === 'payout')?.amount).toBeCloseTo(-before.available, 2)
    await sellerTab.page.getByRole('button', { name: m.earnings.payout, exact: true }).waitFor()
    expect(await allA11yViolations(sellerTab.page)).toEqual([])
    await shots(sellerTab.page, 'orders-seller-earnings-paid-out')

    // the receipt: shop, order number, item, total paid, payment reference; printing hides the app's chrome
    await buyer.page.getByRole('link', { name: t.printableReceipt }).click()
    await buyer.page.waitForURL(`**/dashboard/orders/${id}/receipt`)
    const receipt = buyer.page.getByTestId('receipt')
    await receipt.waitFor()
    const text = (await receipt.innerText()).replace(/\s+/g, ' ')
    expect(text).toContain(t.receiptPage.shop)
    expect(text).toContain(id)
    expect(text).toContain(bag.title)
    expect(text).toContain(`${t.receiptPage.shipping} $15.00`)
    expect(text).toContain(`${t.receiptPage.total} ${usd(paid.amount)}`)
    expect(paid.paymentReference).not.toBeNull()
    expect(await buyer.page.getByTestId('payment-reference').innerText()).toBe(paid.paymentReference)
    await buyer.page.getByRole('button', { name: t.print }).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await shots(buyer.page, 'orders-receipt')
    await buyer.page.emulateMedia({ media: 'print' })
    expect(await buyer.page.getByRole('button', { name: t.print }).isVisible()).toBe(false)
    expect(await buyer.page.getByRole('banner').first().isVisible()).toBe(false)
    expect(await receipt.isVisible()).toBe(true)
    await screenshot(buyer.page, 'orders-receipt-print')

    expect(buyer.errors).toEqual([])
    await buyer.context.close()
    await sellerTab.context.close()
  })
})

describe('a problem reported, and an order waiting for its address', () => {
  it('the buyer reports a problem with a photo, the seller answers: each page offers only its moves', async () => {
    // the buyer is a seller who buys (a seller buys like a customer): POST /api/images still takes sellers' photos
    // only, where docs/product/listings.md#photos opens it to every signed-in role for dispute photos
    const { bag, buyer } = await bagAndBuyer('Dispute Page Test Alma BB', DEMO.unverifiedSeller)
    const id = await bookAndPay(buyer.page, bag.id)
    const seller = await h.newPage('desktop')
    await logIn(seller.page, DEMO.verifiedSeller)
    const shipped = await apiAs<Order>(seller.page, `/api/orders/${id}/ship`, {
      method: 'POST',
      body: { carrier: 'dhl', trackingNumber: 'JD014600006281234567' },
    })
    expect(shipped.status).toBe('shipped')
    expect(shipped.carrier).toBe('DHL')

    // Report a problem: an empty form says what is missing under the fields; then a reason, a note and a photo
    await openOrder(buyer.page, id)
    await buyer.page.getByRole('button', { name: t.actions.dispute, exact: true }).click()
    const report = buyer.page.getByRole('dialog', { name: t.actions.disputeTitle })
    await report.getByRole('button', { name: t.actions.disputeSend }).click()
    await report.getByText(t.actions.reasonRequired).waitFor()
    await report.getByText(t.actions.noteRequired).waitFor()
    await report.getByRole('radio', { name: t.disputeReason.damaged }).check()
    await report.getByLabel(t.actions.note).fill('The strap arrived torn at the buckle.')
    await report.getByLabel(t.actions.photos).setInputFiles([await photo('strap.png')])
    await report.getByRole('button', { name: t.actions.removePhoto(1) }).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await report.getByRole('button', { name: t.actions.disputeSend }).click()
    await buyer.page.getByText(t.actions.disputed).waitFor()
    await expect.poll(() => stateBadge(buyer.page).innerText()).toBe(t.status.disputed)
    expect(await movesShown(buyer.page)).toEqual([])
    const stored = await apiAs<Order>(buyer.page, `/api/orders/${id}`)
    expect(stored.status).toBe('disputed')
    expect(stored.dispute).toMatchObject({ reason: 'damaged', note: 'The strap arrived torn at the buckle.' })
    expect(stored.dispute?.photos).toHaveLength(1)
    await buyer.page.getByText(t.disputeReason.damaged).first().waitFor()
    await buyer.page.getByText(t.noAnswer).waitFor()

    // the seller answers, once
    await openOrder(seller.page, id)
    expect(await stateBadge(seller.page).innerText()).toBe(t.status.disputed)
    expect(await movesShown(seller.page)).toEqual([t.actions.answer])
    await seller.page.getByRole('button', { name: t.actions.answer, exact: true }).click()
    const answer = seller.page.getByRole('dialog', { name: t.actions.answerTitle })
    await answer.getByRole('button', { name: t.actions.answerSend }).click()
    await answer.getByText(t.actions.answerRequired).waitFor()
    await answer.getByLabel(t.actions.answerNote).fill('It left here intact: photo of the strap before packing.')
    await answer.getByRole('button', { name: t.actions.answerSend }).click()
    await seller.page.getByText(t.actions.answered).waitFor()
    await seller.page.getByText('It left here intact: photo of the strap before packing.').waitFor()
    // the server keeps the latest answer: the seller may add to it while the dispute is open
    expect(await movesShown(seller.page)).toEqual([t.actions.answer])
    const answered = await apiAs<Order>(seller.page, `/api/orders/${id}`)
    expect(answered.dispute?.answer).toBe('It left here intact: photo of the strap before packing.')
    expect(await allA11yViolations(seller.page)).toEqual([])
    await shots(seller.page, 'orders-seller-disputed')
    expect(buyer.errors).toEqual([])
    await buyer.context.close()
    await seller.context.close()
  })

  it('paid without an address: the seller waits and may only cancel, the buyer adds it, then the seller cancels', async () => {
    const { bag, buyer } = await bagAndBuyer('Address Page Test Neverfull')
    const id = await bookAndPay(buyer.page, bag.id, null)
    const seller = await h.newPage('desktop')
    await logIn(seller.page, DEMO.verifiedSeller)

    // the seller: waiting for the address, no shipping yet, no deadline running
    await openOrder(seller.page, id)
    expect(await stateBadge(seller.page).innerText()).toBe(t.awaitingAddress)
    expect(await movesShown(seller.page)).toEqual([t.actions.cancel])
    expect(await seller.page.getByTestId('deadline').count()).toBe(0)

    // the buyer: the address form; its errors show under the fields, then it is saved
    await openOrder(buyer.page, id)
    expect(await movesShown(buyer.page)).toEqual([])
    const f = t.addressFields
    await buyer.page.getByRole('button', { name: t.actions.addressSave }).click()
    await buyer.page.getByText(messages.addresses.line1Required).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await shots(buyer.page, 'orders-buyer-address')
    await buyer.page.getByLabel(f.name, { exact: true }).fill(ADDRESS.name)
    await buyer.page.getByLabel(f.line1).fill(ADDRESS.line1)
    await buyer.page.getByLabel(f.city).fill(ADDRESS.city)
    await buyer.page.getByLabel(f.postcode).fill(ADDRESS.postcode)
    await buyer.page.getByLabel(f.country).fill('us')
    await buyer.page.getByLabel(f.phone).fill(ADDRESS.phone)
    await buyer.page.getByRole('button', { name: t.actions.addressSave }).click()
    await buyer.page.getByText(t.actions.addressSaved).waitFor()
    await expect.poll(() => stateBadge(buyer.page).innerText()).toBe(t.status.paid)
    expect(await buyer.page.getByTestId('order-address').innerText()).toContain('US')
    await buyer.page.getByTestId('deadline').waitFor()

    // until the bag ships the buyer may change it: the form opens filled in, and the seller ships to the new one
    await buyer.page.getByRole('button', { name: t.actions.addressChange }).click()
    expect(await buyer.page.getByLabel(f.line1).inputValue()).toBe(ADDRESS.line1)
    await shots(buyer.page, 'orders-buyer-change-address')
    await buyer.page.getByLabel(f.line1).fill('14 Test Street')
    await buyer.page.getByRole('button', { name: t.actions.addressSave }).click()
    await buyer.page.getByText(t.actions.addressChanged).waitFor()
    await expect.poll(() => buyer.page.getByTestId('order-address').innerText()).toContain('14 Test Street')
    await buyer.page.getByRole('button', { name: t.actions.addressChange }).waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])

    // the seller now sees the address and may ship or cancel; they cancel, confirming first
    await openOrder(seller.page, id)
    expect(await seller.page.getByTestId('order-address').innerText()).toContain('14 Test Street')
    expect(await movesShown(seller.page)).toEqual([t.actions.ship, t.actions.cancel])
    await seller.page.getByRole('button', { name: t.actions.cancel, exact: true }).click()
    const confirm = seller.page.getByRole('dialog', { name: t.actions.cancelTitle })
    await confirm.getByText(t.actions.cancelMessage).waitFor()
    expect(await allA11yViolations(seller.page)).toEqual([])
    await confirm.getByRole('button', { name: t.actions.cancelConfirm }).click()
    await seller.page.getByText(t.actions.cancelled).waitFor()
    await expect.poll(() => stateBadge(seller.page).innerText()).toBe(t.status.cancelled)
    expect(await movesShown(seller.page)).toEqual([])
    const cancelled = await apiAs<Order>(seller.page, `/api/orders/${id}`)
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.refunded).toBe(cancelled.amount)
    expect(buyer.errors).toEqual([])
    await buyer.context.close()
    await seller.context.close()
  })
})

describe('the admin moves the order process table gives an admin, from Orders', () => {
  it('an admin cancels a paid order, with a reason: the buyer is refunded and the bag is for sale again', async () => {
    const { bag, buyer } = await bagAndBuyer('Admin Cancel Test Alma')
    const id = await bookAndPay(buyer.page, bag.id)
    const admin = await h.newPage('phone')
    await signIn(admin.page, DEMO.admin)
    await admin.page.goto(`/dashboard/orders?q=${id}`)
    const row = admin.page.locator('main tbody tr').filter({ hasText: bag.title })
    // a paid order: the admin may cancel or refund it (the order process table), nothing else
    const cancel = row.getByRole('button', { name: `${m.orders.cancel}: ${bag.title}` })
    await cancel.waitFor()
    expect(await row.getByRole('button', { name: `${m.orders.refund}: ${bag.title}` }).isVisible()).toBe(true)
    expect(await row.getByRole('link', { name: `${m.orders.viewDispute}: ${bag.title}` }).count()).toBe(0)
    await cancel.click()
    const dialog = admin.page.getByRole('dialog', { name: m.orders.cancelTitle })
    await dialog.getByText(m.orders.cancelMessage(bag.title)).waitFor()
    // the reason is required, and said under its field
    await dialog.getByRole('button', { name: m.orders.cancelConfirm }).click()
    await dialog.getByText(m.orders.reasonRequired).waitFor()
    expect(await allA11yViolations(admin.page)).toEqual([])
    await shots(admin.page, 'orders-admin-cancel')
    await dialog.getByLabel(m.orders.reason).fill('The seller asked us to: the bag was damaged in storage')
    await dialog.getByRole('button', { name: m.orders.cancelConfirm }).click()
    await admin.page.getByText(m.orders.cancelled).waitFor()
    // the row no longer offers a move, and the order says why
    await expect.poll(() => row.getByRole('button', { name: `${m.orders.cancel}: ${bag.title}` }).count()).toBe(0)
    const cancelled = await apiAs<Order>(admin.page, `/api/orders/${id}`)
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.refunded).toBe(cancelled.amount)
    expect(cancelled.timeline.at(-1)?.note).toContain('The seller asked us to')
    const [again] = await h.app.db.select().from(products).where(eq(products.id, bag.id))
    expect(again!.status).toBe('available')
    expect(admin.errors).toEqual([])
    await buyer.context.close()
    await admin.context.close()
  })
})
