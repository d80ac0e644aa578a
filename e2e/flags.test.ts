import { riskMessages } from '@preloved/shared/messages/risk'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../apps/server/test/auth-helpers.ts'
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

// The admin's Flags page: a paid order between two accounts that used one device is flagged, with the seller's payout
// held; the admin finds it in the menu on a phone, dismisses it with a note (the payout goes on) and finds it under
// Resolved. A flag someone else resolved meanwhile is refused in the dialog with the server's words.
let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

const t = riskMessages
const ADDRESS = {
  name: 'Fran Flagged',
  line1: '1 Main Street',
  city: 'Brooklyn',
  postcode: '11201',
  country: 'US',
  phone: '+1 555 010 1234',
}
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '11201' }

let n = 0
const unique = (what: string) => `flags-${what}-${++n}-${Date.now().toString(36)}@example.test`.toLowerCase()

/** A signed-in request from a device, as a browser with the shop's device cookie sends it. */
async function seenOn(s: Session, device: string) {
  const res = await h.app.inject({
    url: '/api/notifications/unread',
    headers: { ...s.bearer, cookie: `pb_device=${device}` },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** A bag of `seller` bought and paid by `buyer` through the real routes (book, payment intent, test card, record). */
async function paidOrder(seller: Session, buyer: Session, title: string) {
  const bag = await insertProduct(h.app.db, seller.id, { title, resellPriceCents: 30_000 })
  const post = async (url: string, payload: object) => {
    const res = await h.app.inject({ method: 'POST', url, headers: buyer.bearer, payload })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    return res.json()
  }
  const booked = await post('/api/bookings', { product_id: bag.id, number: '5550101234', location: 'Brooklyn, NY' })
  const orderId = booked.insertedId as string
  const intent = await post('/api/create-payment-intent', { bookingId: orderId, address: ADDRESS })
  const confirmed = await post('/api/test-processor/confirm', { clientSecret: intent.clientSecret, card: CARD })
  await post('/api/payments', { transactionId: confirmed.transactionId, bookingId: orderId })
  return orderId
}

/** Two accounts on one device, and a paid order between them: a flag that holds the seller's payout. */
async function flaggedOrder(label: string) {
  const seller = await signUp(h.app, { name: `Sam ${label}`, email: unique(`seller-${label}`), role: 'seller' })
  const buyer = await signUp(h.app, { name: `Bo ${label}`, email: unique(`buyer-${label}`), role: 'customer' })
  const device = `${label}DEVICE0000000000000000`.slice(0, 22)
  await seenOn(seller, device)
  await seenOn(buyer, device)
  const orderId = await paidOrder(seller, buyer, `Flagged bag ${label}`)
  return { seller, buyer, orderId }
}

async function adminOn(viewport: keyof typeof VIEWPORTS) {
  const { page, context, errors } = await h.newPage(viewport)
  await logIn(page, DEMO.admin)
  return { page, context, errors }
}

/** The card of the flag about this buyer, on the list now shown. */
const cardOf = (page: Page, buyer: Session) => page.locator('main article').filter({ hasText: buyer.email })
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first()
/** What an element shows, its white space run together. */
const text = async (selector: ReturnType<Page['locator']>) => (await selector.innerText()).replace(/\s+/g, ' ')

const HELD_REASON =
  "The buyer and the seller share the same device. The seller's money from this order is held until an admin dismisses the flag."

describe('the Flags page', () => {
  it('on a phone: the flag with its reason and held payout, dismissed with a note, then under Resolved', async () => {
    const { seller, buyer, orderId } = await flaggedOrder('Phone')
    const { page, context, errors } = await adminOn('phone')

    // from the menu: Flags comes after Disputes
    await page.goto('/dashboard/allSellers')
    await page.getByRole('button', { name: 'Menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: 'Dashboard' })
    await menu.waitFor()
    const labels = await menu.getByRole('link').allInnerTexts()
    expect(labels.indexOf('Flags')).toBe(labels.indexOf('Disputes') + 1)
    await menu.getByRole('link', { name: 'Flags', exact: true }).click()
    await page.waitForURL('**/dashboard/flags')
    await page.getByRole('heading', { name: t.title, level: 1 }).waitFor()

    const card = cardOf(page, buyer)
    await card.waitFor()
    const shown = await text(card)
    for (const part of [t.kind.linked_accounts, HELD_REASON, t.payoutHeld, t.flagged]) {
      expect(shown, part).toContain(part)
    }
    // each account under its role (the role's label is set in capitals)
    for (const part of [`${t.buyer} ${buyer.name} ${buyer.email}`, `${t.seller} ${seller.name} ${seller.email}`]) {
      expect(shown.toLowerCase(), part).toContain(part.toLowerCase())
    }
    // the order, and each account's orders in the admin's order search
    expect(await card.getByRole('link', { name: new RegExp(`^${t.viewOrder}`) }).getAttribute('href')).toBe(
      `/dashboard/orders/${orderId}`,
    )
    expect(await card.getByRole('link', { name: t.theirOrdersOf(buyer.name) }).getAttribute('href')).toBe(
      `/dashboard/orders?q=${encodeURIComponent(buyer.email)}`,
    )
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'flags-open-390')

    // Dismiss asks first, says the held payout goes on, and takes an optional note
    await card.getByRole('button', { name: new RegExp(`^${t.dismiss}`) }).click()
    const dialog = page.getByRole('dialog', { name: t.dismissTitle })
    await dialog.waitFor()
    const said = await text(dialog)
    expect(said).toContain(t.dismissLinkMessage(buyer.name, seller.name))
    expect(said).toContain(t.dismissReleasesPayout)
    await dialog.getByLabel(t.noteLabel).fill('Flatmates sharing one laptop')
    expect(await allA11yViolations(page)).toEqual([])
    await viewportShot(page, 'flags-dismiss-dialog-390')
    await dialog.getByRole('button', { name: t.dismiss, exact: true }).click()
    await toast(page, t.dismissedPayout).waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await card.waitFor({ state: 'detached' })

    // stored: dismissed with the note (and so the payout is no longer held)
    const resolved = await apiAs<{ _id: string; orderId: string; status: string; resolutionNote: string }[]>(
      page,
      '/api/admin/flags?status=resolved',
    )
    expect(resolved.find((f) => f.orderId === orderId)).toMatchObject({
      status: 'dismissed',
      resolutionNote: 'Flatmates sharing one laptop',
    })

    // under Resolved: the outcome, when, and the note; no actions left
    await page.locator('label').filter({ hasText: t.tabs.resolved }).click()
    await page.waitForURL('**/dashboard/flags?status=resolved')
    const done = cardOf(page, buyer)
    await done.waitFor()
    const doneText = await text(done)
    expect(doneText).toContain(t.outcome.linked_accounts.dismissed)
    expect(doneText).toContain('Flatmates sharing one laptop')
    expect(doneText).not.toContain(t.payoutHeld)
    expect(await done.locator('time').count()).toBe(2)
    expect(await done.getByRole('button').count()).toBe(0)
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'flags-resolved-390')
    expect(errors).toEqual([])
    await context.close()
  }, 180_000)

  it('on a desktop: a flag resolved meanwhile is refused in the dialog with the server’s words', async () => {
    const { seller, buyer, orderId } = await flaggedOrder('Desk')
    const { page, context } = await adminOn('desktop')
    await page.goto('/dashboard/flags')
    const card = cardOf(page, buyer)
    await card.waitFor()
    await screenshot(page, 'flags-open-1440')

    await card.getByRole('button', { name: new RegExp(`^${t.confirm}`) }).click()
    const dialog = page.getByRole('dialog', { name: t.confirmLinkTitle })
    await dialog.waitFor()
    expect(await text(dialog)).toContain(t.confirmLinkMessage(buyer.name, seller.name))

    // another admin confirms it first
    const open = await apiAs<{ _id: string; orderId: string }[]>(page, '/api/admin/flags')
    const flag = open.find((f) => f.orderId === orderId)!
    const first = await apiAs<{ status: string }>(page, `/api/admin/flags/${flag._id}/resolve`, {
      method: 'POST',
      body: { outcome: 'confirmed', note: 'Same person' },
    })
    expect(first.status).toBe('confirmed')

    await dialog.getByRole('button', { name: t.confirm, exact: true }).click()
    await dialog.getByRole('alert').filter({ hasText: t.notFound }).waitFor()
    expect(await allA11yViolations(page)).toEqual([])
    await viewportShot(page, 'flags-refused-1440')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    // the list was read again: the flag left the Open tab
    await card.waitFor({ state: 'detached' })
    await context.close()
  }, 180_000)
})
