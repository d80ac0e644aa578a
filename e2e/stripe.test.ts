import { messages } from '@preloved/shared/messages'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeStripe, startFakeStripe } from '../apps/server/test/fakes/stripe-api.ts'
import { FAKE_STRIPE_JS } from './fakes/stripe-js.ts'
import { DEMO, type Harness, logIn, screenshot, seriousA11yViolations, startHarness } from './harness.ts'

/**
 * The Stripe path of the payment page (docs/product/checkout.md#processors) in a real browser: our server talks to a local stand-in of
 * Stripe's API through stripe-node, and the page gets a stand-in of Stripe.js (this machine cannot reach Stripe).
 */
let h: Harness
let stripe: FakeStripe

beforeAll(async () => {
  stripe = await startFakeStripe()
  h = await startHarness({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    STRIPE_API_URL: stripe.url,
  })
})
afterAll(async () => {
  await h?.close()
  await stripe?.close()
})

/** Stripe.js and Stripe's browser API, answered locally. */
async function routeStripe(context: BrowserContext) {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  )
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url())
    const response = await route.fetch({ url: `${stripe.url}${url.pathname}` })
    await route.fulfill({ response })
  })
}

const accessToken = async (page: Page, email: string) =>
  (await (await page.request.get(`/api/jwt?email=${encodeURIComponent(email)}`)).json()).accessToken as string

/** Signs in through the login page and books an available bag with the page's token. */
async function bookABag(page: Page, email: string) {
  await logIn(page, email)
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const bags = (await (await page.request.get('/api/categoryDetails?category=Backpacks')).json()) as {
    _id: string
    title: string
    reserved?: boolean
  }[]
  for (const bag of bags.filter((b) => !b.reserved)) {
    const res = await page.request.post('/api/bookings', {
      data: { product_id: bag._id, number: '5550101234', location: 'Brooklyn, NY' },
      headers: { authorization: `Bearer ${token}`, origin: h.baseUrl },
    })
    if (res.status() === 200) return { bookingId: (await res.json()).insertedId as string, bag: bag.title }
  }
  throw new Error('no bag could be booked')
}

const payButton = (page: Page) => page.getByRole('button', { name: 'Pay', exact: true })

describe('paying with Stripe Elements', () => {
  it('shows the card error in red and leaves the order unpaid, then pays with 4242 and the order reads Paid', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await routeStripe(context)
    const { bookingId, bag } = await bookABag(page, DEMO.otherCustomer)

    await page.goto(`/dashboard/payment/${bookingId}`)
    await page.getByRole('heading', { name: `Payment for ${bag}`, level: 1 }).waitFor()
    await page.getByLabel('Card number').waitFor()
    expect(await page.getByText('TEST MODE', { exact: true }).count()).toBe(0)
    await expect.poll(() => payButton(page).isEnabled()).toBe(true)
    // the server opened the PaymentIntent at Stripe for its own amount (first order: 15 % off)
    const intent = [...stripe.intents.values()].find((pi) => pi.metadata.bookingId === bookingId)!
    expect(intent.amount).toBeGreaterThan(0)
    const shown = await page.getByText(/^Please pay \$[\d,.]+ for the bag/).innerText()
    const dollars = /^Please pay \$([\d,]+\.\d\d) /.exec(shown)![1]!.replace(/,/g, '')
    expect(Math.round(Number(dollars) * 100)).toBe(intent.amount)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'stripe-payment-phone')

    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await payButton(page).click()
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor()
    const order = await page.request.get('/api/bookingPaid', {
      headers: { authorization: `Bearer ${await accessToken(page, DEMO.otherCustomer)}` },
    })
    expect((await order.json()).paid).not.toContain(bookingId)

    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await payButton(page).click()
    await page.getByText(messages.payments.success).waitFor()
    expect((await page.getByTestId('transaction-id').innerText()).trim()).toBe(intent.id)
    expect(stripe.intents.get(intent.id)!.status).toBe('succeeded')

    await page.getByRole('link', { name: 'Back to My Orders' }).click()
    await page.waitForURL('**/dashboard/myOrders')
    await page.locator('main').getByText(bag).first().waitFor()
    const row = page.locator('main tr, main li, main article').filter({ hasText: bag }).first()
    await row.getByText('Paid', { exact: true }).first().waitFor()
    // the declined confirmation is Stripe's 402, which the browser logs; nothing else went wrong
    expect(errors.filter((e) => !e.includes('status of 402'))).toEqual([])
    await context.close()
  })
})
