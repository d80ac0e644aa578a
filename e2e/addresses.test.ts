import { messages } from '@preloved/shared/messages'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, products, savedAddresses, users } from '../apps/server/src/db/schema/index.ts'
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
  viewportShot,
} from './harness.ts'

// On a phone: a new customer pays with a delivery address typed on the payment page (a missing
// postcode is refused under its field first), keeps it with "Save this address", and finds it on the Addresses page,
// where addresses are added, made default and deleted (with a confirmation) and the toasts say so. axe on each screen.

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

const payButton = (page: Page) => page.getByRole('button', { name: 'Pay', exact: true })
const toast = (page: Page, text: string) => page.locator('[role="status"]').filter({ hasText: text }).first()

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('ZIP').fill('10001')
}

/** The text of the message a field points at with aria-describedby. */
const describedText = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )

describe('delivery addresses', () => {
  it('a customer pays with a new address, and finds it saved on the Addresses page', async () => {
    const db = h.app.db
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.verifiedSeller))
    // a demo photo, so that the page loads nothing missing
    const [photo] = await db
      .select({ img: products.img, thumb: products.thumb, photos: products.photos })
      .from(products)
      .limit(1)
    const bag = await insertProduct(db, seller!.id, { ...photo, title: 'Address Test Hobo', resellPriceCents: 40_000 })
    const email = `address-${Date.now().toString(36)}@example.test`
    await signUp(h.app, { name: 'Ada Address', email })

    const { page, context, errors } = await h.newPage('phone')
    await logIn(page, email, PASSWORD)
    // booked from the bag's page, as a shopper does; paid from My Orders
    await page.goto(`/product/${bag.id}`)
    await page.getByRole('button', { name: /^Book Now/ }).click()
    const booking = page.getByRole('dialog', { name: 'Address Test Hobo' })
    await booking.waitFor()
    await booking.getByLabel('Phone Number').fill('5550101234')
    await booking.getByLabel('Preferred Location').fill('New York, NY')
    await booking.getByRole('button', { name: 'Confirm Order' }).click()
    await page.waitForURL('**/dashboard/myOrders')
    const row = page.locator('main').getByText('Address Test Hobo').first()
    await row.waitFor()
    const [held] = await db.select().from(bookings).where(eq(bookings.productId, bag.id))
    const booked = { insertedId: held!.id }
    await page
      .locator(`main a[href="/dashboard/payment/${booked.insertedId}"]`)
      .filter({ visible: true })
      .first()
      .click()
    await page.waitForURL(`**/dashboard/payment/${booked.insertedId}`)
    await page.getByRole('heading', { name: 'Payment for Address Test Hobo', level: 1 }).waitFor()
    // the original texts stand; the delivery address comes before the card fields
    // $400 less the first-order discount: 15 % is $60, capped at $50
    await page.getByText('Please pay $350.00 for the bag you booked. Happy Shopping!').waitFor()
    const delivery = page.getByRole('region', { name: messages.addresses.deliveryHeading })
    await delivery.waitFor()
    const before = await page.getByRole('heading', { name: messages.addresses.deliveryHeading }).evaluate((d) => {
      const card = [...document.querySelectorAll('h2')].find((e) => e.textContent?.includes('Card details'))
      return Boolean(card && d.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING)
    })
    expect(before).toBe(true)
    // no saved address yet: the fields, with the browser's autofill names
    const autocomplete = async (label: string) => page.getByLabel(label, { exact: true }).getAttribute('autocomplete')
    expect(await autocomplete('Full name')).toBe('name')
    expect(await autocomplete('Street and number')).toBe('address-line1')
    expect(await autocomplete('Apartment, suite, floor (optional)')).toBe('address-line2')
    expect(await autocomplete('Town or city')).toBe('address-level2')
    expect(await autocomplete('Postcode')).toBe('postal-code')
    expect(await autocomplete('Country')).toBe('country')
    expect(await autocomplete('Phone')).toBe('tel')
    // the common countries come first
    expect(
      await page
        .getByLabel('Country', { exact: true })
        .locator('optgroup')
        .first()
        .locator('option')
        .first()
        .innerText(),
    ).toBe('United States')
    expect(await page.getByLabel(messages.addresses.saveThisAddress).isChecked()).toBe(true)
    await expect.poll(() => payButton(page).isEnabled()).toBe(true)
    expect(await allA11yViolations(page)).toEqual([])
    await viewportShot(page, 'address-payment-phone')

    // everything but the postcode: Pay is refused, the message under the field, nothing charged
    await page.getByLabel('Full name').fill('Ada Address')
    await page.getByLabel('Street and number').fill('350 Fifth Avenue')
    await page.getByLabel('Apartment, suite, floor (optional)').fill('Suite 2')
    await page.getByLabel('Town or city').fill('New York')
    await page.getByLabel('Country', { exact: true }).selectOption('US')
    await page.getByLabel('Phone').fill('+1 212 555 0100')
    await fillCard(page)
    await payButton(page).click()
    await delivery.getByText(messages.addresses.postcodeRequired, { exact: true }).waitFor()
    expect(await page.getByLabel('Postcode').getAttribute('aria-invalid')).toBe('true')
    expect(await describedText(page, 'Postcode')).toContain(messages.addresses.postcodeRequired)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('postal-code')
    expect(await page.getByText(messages.payments.success).count()).toBe(0)
    const [unpaid] = await db.select().from(bookings).where(eq(bookings.id, booked.insertedId))
    expect(unpaid).toMatchObject({ status: 'held', address: null })
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'address-payment-refused-phone')

    // the postcode, and Pay goes through with the address
    await page.getByLabel('Postcode').fill('10118')
    await payButton(page).click()
    await page.getByText(messages.payments.success).waitFor()
    const [paid] = await db.select().from(bookings).where(eq(bookings.id, booked.insertedId))
    expect(paid!.status).toBe('paid')
    expect(paid!.address).toEqual({
      name: 'Ada Address',
      line1: '350 Fifth Avenue',
      line2: 'Suite 2',
      city: 'New York',
      postcode: '10118',
      country: 'US',
      phone: '+1 212 555 0100',
    })

    // the Addresses page, from the menu: the address, as the default
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('list', { name: 'Dashboard' }).getByRole('link', { name: 'Addresses' }).click()
    await page.waitForURL('**/dashboard/addresses')
    await page.getByRole('heading', { name: messages.addresses.pageTitle, level: 1 }).waitFor()
    const list = page.getByRole('list', { name: messages.addresses.pageTitle })
    const first = list.getByRole('listitem').filter({ hasText: '350 Fifth Avenue' })
    await first.waitFor()
    expect(await first.getByText(messages.addresses.defaultBadge, { exact: true }).isVisible()).toBe(true)
    expect(await first.getByText('United States').isVisible()).toBe(true)
    expect(await list.getByRole('listitem').count()).toBe(1)
    expect(await allA11yViolations(page)).toEqual([])
    await viewportShot(page, 'addresses-page-phone')

    // another address: its errors under the fields first, then saved
    await page.getByRole('button', { name: messages.addresses.addAddress }).click()
    const form = page.getByRole('form', { name: messages.addresses.addAddress })
    await form.waitFor()
    await form.getByRole('button', { name: 'Save address' }).click()
    await form.getByText(messages.addresses.nameRequired).waitFor()
    await form.getByText(messages.addresses.countryRequired).waitFor()
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'addresses-form-errors-phone')
    await form.getByLabel('Full name').fill('Ada at Work')
    await form.getByLabel('Street and number').fill('1 Infinite Loop')
    await form.getByLabel('Town or city').fill('Cupertino')
    await form.getByLabel('Postcode').fill('95014')
    await form.getByLabel('Country', { exact: true }).selectOption('US')
    await form.getByLabel('Phone').fill('+1 408 555 0101')
    await form.getByRole('button', { name: 'Save address' }).click()
    await toast(page, messages.addresses.saved).waitFor()
    const second = list.getByRole('listitem').filter({ hasText: '1 Infinite Loop' })
    await second.waitFor()
    expect(await second.getByText(messages.addresses.defaultBadge, { exact: true }).count()).toBe(0)

    // made the default: the badge moves
    await second.getByRole('button', { name: new RegExp(`^${messages.addresses.makeDefault}`) }).click()
    await toast(page, messages.addresses.defaultChanged).waitFor()
    await second.getByText(messages.addresses.defaultBadge, { exact: true }).waitFor()
    await expect.poll(() => first.getByText(messages.addresses.defaultBadge, { exact: true }).count()).toBe(0)

    // deleted after a confirmation; Cancel first keeps it
    await first.getByRole('button', { name: 'Delete 350 Fifth Avenue' }).click()
    const dialog = page.getByRole('dialog', { name: messages.confirm.title })
    await dialog.waitFor()
    expect(await allA11yViolations(page)).toEqual([])
    await viewportShot(page, 'addresses-delete-confirm-phone')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await list.getByRole('listitem').count()).toBe(2)
    await first.getByRole('button', { name: 'Delete 350 Fifth Avenue' }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await toast(page, messages.addresses.deleted).waitFor()
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1)
    const [account] = await db.select().from(users).where(eq(users.email, email))
    const rows = await db.select().from(savedAddresses).where(eq(savedAddresses.userId, account!.id))
    expect(rows).toEqual([expect.objectContaining({ line1: '1 Infinite Loop', isDefault: true })])

    // the next payment page has the default picked
    const another = await insertProduct(db, seller!.id, {
      ...photo,
      title: 'Address Test Clutch',
      resellPriceCents: 10_000,
    })
    const next = await apiAs<{ insertedId: string }>(page, '/api/bookings', {
      method: 'POST',
      body: { product_id: another.id, number: '5550101234', location: 'Brooklyn, NY' },
    })
    await page.goto(`/dashboard/payment/${next.insertedId}`)
    const picked = page.getByRole('radio', { name: /1 Infinite Loop/ })
    await picked.waitFor()
    expect(await picked.isChecked()).toBe(true)
    expect(await page.getByLabel('Street and number').count()).toBe(0)
    expect(await allA11yViolations(page)).toEqual([])
    await viewportShot(page, 'address-payment-saved-phone')
    expect(errors).toEqual([])
    await context.close()
  })
})
