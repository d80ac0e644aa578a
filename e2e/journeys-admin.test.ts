import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  allA11yViolations,
  apiAs,
  DEMO,
  type Harness,
  logIn,
  screenshot,
  signIn,
  startHarness,
  type VIEWPORTS,
  viewportShot,
} from './harness.ts'

// The wrong-role redirect explains itself, selling starts where each visitor can sell,
// and an admin's verification and moderation decisions ask first, show the record and tell the seller why.

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

type Viewport = keyof typeof VIEWPORTS
type Listing = { _id: string; title: string; seller: string; status: string }
type Mail = { to: string; subject: string; text: string }
type UserRow = { _id: string; name: string; email: string; verified?: 'yes' }
type Summary = {
  verified: boolean
  joined: string
  listings: number
  sales: number
  reports: number
  openReports: number
  unverifiedReason: string | null
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first()

/** The session cookie of a signed-in browser, to ask the server for a page as that visitor. */
const cookieOf = async (context: BrowserContext) =>
  (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')

/** The href of the server-rendered <a> whose content holds `text`. */
function hrefsOf(html: string, text: string): string[] {
  const hrefs: string[] = []
  for (const chunk of html.split('<a ').slice(1)) {
    const [tag = '', ...rest] = chunk.split('>')
    const inner = rest.join('>').split('</a')[0] ?? ''
    if (inner.replaceAll('&#x27;', "'").includes(text)) hrefs.push(/href="([^"]*)"/.exec(tag)?.[1] ?? '')
  }
  return hrefs
}

/** The one address every link with this text leads to (hero and footer alike), or undefined if they differ. */
function hrefOf(html: string, text: string): string | undefined {
  const hrefs = new Set(hrefsOf(html, text))
  return hrefs.size === 1 ? [...hrefs][0] : undefined
}

async function serverHome(cookie?: string) {
  const res = await fetch(`${h.baseUrl}/`, cookie ? { headers: { cookie } } : {})
  expect(res.status).toBe(200)
  return res.text()
}

async function checkA11y(page: Page) {
  expect(await allA11yViolations(page)).toEqual([])
}

describe('a signed-in user on a page of another role (item 3)', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`a seller opening All Customers learns why on the login page, and gets back (${viewport})`, async () => {
      const { page, context, errors } = await h.newPage(viewport)
      await signIn(page, DEMO.verifiedSeller)
      await page.goto('/dashboard/allCustomers')
      await page.waitForURL('**/login')
      const note = page.getByRole('region', { name: 'All Customers is for admins.' })
      await note.waitFor()
      expect(await note.innerText()).toContain('Signed in as Amelia Hart (seller).')
      expect(await note.innerText()).toContain('To open it, log in below with an admin account.')
      // the form stays, to sign in with the right account (the redirect of docs/product/accounts.md#guards is kept)
      await page.getByRole('button', { name: 'LOGIN' }).waitFor()
      await checkA11y(page)
      await viewportShot(page, `journeys-admin-wrong-role-seller-${viewport}`)
      // opened by its address: no page of this document to go back to, the dashboard instead
      expect(await note.getByRole('button', { name: 'Go back' }).count()).toBe(0)
      const dashboard = note.getByRole('link', { name: 'Go to your dashboard' })
      expect(await dashboard.getAttribute('href')).toBe('/dashboard/myProducts')
      await dashboard.click()
      await page.waitForURL('**/dashboard/myProducts')
      await page.getByRole('heading', { name: 'My Products', level: 1 }).waitFor()

      // followed from a page of the app (a link's move): 'Go back' returns to that page
      await page.evaluate(() =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
        ).__reactRouterDataRouter.navigate('/dashboard/reportedItems'),
      )
      await page.waitForURL('**/login')
      await page.getByRole('heading', { name: 'Reported Items is for admins.' }).waitFor()
      await page.getByRole('button', { name: 'Go back' }).click()
      await page.waitForURL('**/dashboard/myProducts')
      await page.getByRole('heading', { name: 'My Products', level: 1 }).waitFor()
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('a customer opening Add Product is told it is for sellers, and how to become one', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.customer)
    await page.goto('/dashboard/addProducts')
    await page.waitForURL('**/login')
    const note = page.getByRole('region', { name: 'Add Product is for sellers.' })
    await note.waitFor()
    expect(await note.innerText()).toContain('Signed in as Emma Wilson (customer).')
    expect(await note.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard/myOrders',
    )
    await checkA11y(page)
    await note.getByRole('link', { name: 'How to become a seller' }).click()
    await page.waitForURL('**/become-a-seller')
    await page.getByRole('heading', { name: 'Become a seller', level: 1 }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe("'Sell your bag' and 'Let's Go' (item 3)", () => {
  it('the server renders each visitor the right address: visitor login, customer the seller page, seller Add Product', async () => {
    const visitor = await serverHome()
    expect(hrefOf(visitor, "Let's Go")).toBe('/login')
    expect(hrefOf(visitor, 'Sell your bag')).toBe('/login')
    expect(hrefsOf(visitor, 'Sell your bag').length).toBeGreaterThan(1) // the hero's and the footer's

    for (const [email, where] of [
      [DEMO.customer, '/become-a-seller'],
      [DEMO.verifiedSeller, '/dashboard/addProducts'],
    ] as const) {
      const { page, context } = await h.newPage('desktop')
      await logIn(page, email)
      const html = await serverHome(await cookieOf(context))
      expect(hrefOf(html, "Let's Go")).toBe(where)
      expect(hrefOf(html, 'Sell your bag')).toBe(where)
      await context.close()
    }
  })

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`a customer follows 'Sell your bag' to the page on becoming a seller (${viewport})`, async () => {
      const { page, context, errors } = await h.newPage(viewport)
      await logIn(page, DEMO.customer)
      await page.getByRole('link', { name: 'Sell your bag' }).first().click()
      await page.waitForURL('**/become-a-seller')
      await page.getByRole('heading', { name: 'Become a seller', level: 1 }).waitFor()
      const main = page.locator('main')
      expect(await main.innerText()).toContain('Seller accounts are separate from shopping accounts')
      await main.getByRole('heading', { name: 'Get verified' }).waitFor()
      await main.getByRole('heading', { name: 'What sellers can do' }).waitFor()
      expect(await main.getByRole('note').innerText()).toContain(
        'You are signed in as Emma Wilson with a customer account',
      )
      const create = main.getByRole('link', { name: 'Create a seller account' })
      expect(await create.getAttribute('href')).toBe('/signup?role=seller')
      await checkA11y(page)
      await screenshot(page, `journeys-admin-become-seller-${viewport}`)
      // the sign-up form starts on Seller
      await create.click()
      await page.waitForURL('**/signup?role=seller')
      expect(await page.getByRole('radio', { name: /Seller/ }).isChecked()).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it("a seller's 'Let's Go' opens Add Product; the seller page sends a seller there too", async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.verifiedSeller)
    await page.getByRole('link', { name: "Let's Go" }).click()
    await page.waitForURL('**/dashboard/addProducts')
    await page.getByRole('heading', { name: 'Add a Product', level: 1 }).waitFor()
    await page.goto('/become-a-seller')
    await page.waitForURL('**/dashboard/addProducts')
    expect(errors).toEqual([])
    await context.close()
  })

  it("a visitor's 'Let's Go' opens the login page, and the seller page still explains", async () => {
    const { page, context } = await h.newPage('phone')
    await page.goto('/')
    await page.getByRole('link', { name: "Let's Go" }).click()
    await page.waitForURL('**/login')
    const res = await page.goto('/become-a-seller')
    expect(res?.status()).toBe(200)
    await page.getByRole('heading', { name: 'Become a seller', level: 1 }).waitFor()
    expect(await page.getByRole('note').count()).toBe(0)
    await context.close()
  })
})

describe('verifying and unverifying a seller (item 11)', () => {
  const reason = 'Two of your listings were reported as counterfeit this week.'

  async function openSellers(page: Page) {
    await page.goto('/dashboard/allSellers')
    const row = page.getByRole('row', { name: /Liam Chen/ })
    await row.waitFor()
    const users = await apiAs<UserRow[]>(page, '/api/users?role=seller')
    const liam = users.find((u) => u.email === DEMO.unverifiedSeller)!
    return { row, liam }
  }

  it('verify asks first with the seller record; unverify needs a reason, stores it and mails the seller', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.admin)
    const { row, liam } = await openSellers(page)
    const summary = await apiAs<Summary>(page, `/api/users/${liam._id}/summary`)
    expect(summary.verified).toBe(false)
    expect(summary.listings).toBeGreaterThan(0)

    // Verify: the record, then Cancel changes nothing
    await row.getByRole('button', { name: 'Verify Liam Chen' }).click()
    const verify = page.getByRole('dialog', { name: 'Verify Liam Chen?' })
    await verify.waitFor()
    const record = verify.getByRole('region', { name: 'Seller record' })
    await record.waitFor()
    const figures = await record.innerText()
    expect(figures).toMatch(new RegExp(`Listings\\s+${summary.listings}\\b`))
    expect(figures).toMatch(new RegExp(`Sales\\s+${summary.sales}\\b`))
    expect(figures).toMatch(new RegExp(`Reports\\s+${summary.reports}\\b`))
    expect(figures).toContain(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(summary.joined)),
    )
    await checkA11y(page)
    await viewportShot(page, 'journeys-admin-verify-dialog-desktop')
    await verify.getByRole('button', { name: 'Cancel' }).click()
    await verify.waitFor({ state: 'hidden' })
    expect((await apiAs<Summary>(page, `/api/users/${liam._id}/summary`)).verified).toBe(false)

    await row.getByRole('button', { name: 'Verify Liam Chen' }).click()
    await verify.getByRole('button', { name: 'Verify', exact: true }).click()
    await toast(page, 'Verified successfully').waitFor()
    await row.getByText('Verified', { exact: true }).waitFor()
    expect((await apiAs<Summary>(page, `/api/users/${liam._id}/summary`)).verified).toBe(true)

    // Unverify: a reason is required before anything happens
    await row.getByRole('button', { name: 'Unverify Liam Chen' }).click()
    const unverify = page.getByRole('dialog', { name: 'Unverify Liam Chen?' })
    await unverify.getByRole('region', { name: 'Seller record' }).waitFor()
    await unverify.getByRole('button', { name: 'Unverify', exact: true }).click()
    await unverify.getByText('Reason is required: the seller is told why.').waitFor()
    expect(await unverify.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true')
    await checkA11y(page)
    await viewportShot(page, 'journeys-admin-unverify-dialog-desktop')
    expect((await apiAs<Summary>(page, `/api/users/${liam._id}/summary`)).verified).toBe(true)
    await unverify.getByLabel('Reason').fill(reason)
    await unverify.getByRole('button', { name: 'Unverify', exact: true }).click()
    await toast(page, 'Liam Chen is no longer verified. We told them why.').waitFor()
    await row.getByRole('button', { name: 'Verify Liam Chen' }).waitFor()

    // stored, and mailed through the outbox
    const after = await apiAs<Summary>(page, `/api/users/${liam._id}/summary`)
    expect(after).toMatchObject({ verified: false, unverifiedReason: reason })
    const mails = await apiAs<Mail[]>(page, '/api/outbox')
    const mail = mails.find((m) => m.to === DEMO.unverifiedSeller && m.subject.includes('no longer verified'))
    expect(mail?.text).toContain(`Reason: ${reason}`)
    // the next decision shows the last reason
    await row.getByRole('button', { name: 'Verify Liam Chen' }).click()
    await verify.getByText(`Last unverified because: ${reason}`).waitFor()
    await verify.getByRole('button', { name: 'Cancel' }).click()
    expect(errors).toEqual([])
    await context.close()
  })

  it('the dialogs fit a phone', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await logIn(page, DEMO.admin)
    const { row } = await openSellers(page)
    await row.getByRole('button', { name: 'Verify Liam Chen' }).click()
    const verify = page.getByRole('dialog', { name: 'Verify Liam Chen?' })
    await verify.getByRole('region', { name: 'Seller record' }).waitFor()
    await checkA11y(page)
    await viewportShot(page, 'journeys-admin-verify-dialog-phone')
    await verify.getByRole('button', { name: 'Cancel' }).click()
    const amelia = page.getByRole('row', { name: /Amelia Hart/ })
    await amelia.getByRole('button', { name: 'Unverify Amelia Hart' }).click()
    const unverify = page.getByRole('dialog', { name: 'Unverify Amelia Hart?' })
    await unverify.getByRole('region', { name: 'Seller record' }).waitFor()
    await checkA11y(page)
    await viewportShot(page, 'journeys-admin-unverify-dialog-phone')
    await unverify.getByRole('button', { name: 'Cancel' }).click()
    await screenshot(page, 'journeys-admin-all-sellers-phone')
    expect(errors).toEqual([])
    await context.close()
  })

  it('the seller sees why on Add a Product', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.unverifiedSeller)
    await page.goto('/dashboard/addProducts')
    await page.getByText('Your verification was withdrawn.').waitFor()
    await page.getByText(reason).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('Reported Items (item 12)', () => {
  const reason = 'The logo and the date code do not match this model.'
  let toRemove: Listing
  let toDismiss: Listing

  beforeAll(async () => {
    const listed = (await (await fetch(`${h.baseUrl}/api/categoryDetails?advertised=true`)).json()) as Listing[]
    const available = listed.filter((p) => p.status === 'available')
    toRemove = available[0]!
    toDismiss = available[1]!
    const { page, context } = await h.newPage('desktop')
    await logIn(page, DEMO.otherCustomer)
    for (const p of [toRemove, toDismiss]) {
      const res = await apiAs<{ insertedId?: string }>(page, '/api/reports', {
        method: 'POST',
        body: { product_id: p._id, reason: 'counterfeit' },
      })
      expect(res.insertedId).toBeTruthy()
    }
    await context.close()
  })

  const rowOf = (page: Page, title: string) => page.locator('main tbody tr').filter({ hasText: title })

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`the dialogs ask first and read right (${viewport})`, async () => {
      const { page, context, errors } = await h.newPage(viewport as Viewport)
      await signIn(page, DEMO.admin)
      await page.goto('/dashboard/reportedItems')
      await rowOf(page, toDismiss.title).waitFor()
      await rowOf(page, toDismiss.title)
        .getByRole('button', { name: `Dismiss reports on ${toDismiss.title}` })
        .click()
      const dismiss = page.getByRole('dialog', { name: 'Dismiss these reports?' })
      await dismiss.waitFor()
      expect(await dismiss.innerText()).toContain(`“${toDismiss.title}” stays in the shop`)
      await checkA11y(page)
      await viewportShot(page, `journeys-admin-dismiss-dialog-${viewport}`)
      await dismiss.getByRole('button', { name: 'Cancel' }).click()
      await dismiss.waitFor({ state: 'hidden' })

      await rowOf(page, toRemove.title)
        .getByRole('button', { name: `Remove listing ${toRemove.title}` })
        .click()
      const remove = page.getByRole('dialog', { name: 'Remove this listing?' })
      await remove.waitFor()
      const text = await remove.innerText()
      expect(text).toContain('The seller is told why.')
      expect(text).not.toContain('Are you sure you want to delete?')
      expect(text).not.toMatch(/cannot be undone/i)
      await remove.getByRole('button', { name: 'Remove listing' }).click()
      await remove.getByText('Reason is required: the seller is told why.').waitFor()
      await checkA11y(page)
      await viewportShot(page, `journeys-admin-remove-dialog-${viewport}`)
      await remove.getByRole('button', { name: 'Cancel' }).click()
      await remove.waitFor({ state: 'hidden' })
      // nothing was decided
      expect(await rowOf(page, toRemove.title).count()).toBe(1)
      expect(await rowOf(page, toDismiss.title).count()).toBe(1)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('dismissing after the confirmation keeps the listing; removing with a reason tells the seller why', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/reportedItems')
    await rowOf(page, toDismiss.title)
      .getByRole('button', { name: `Dismiss reports on ${toDismiss.title}` })
      .click()
    await page
      .getByRole('dialog', { name: 'Dismiss these reports?' })
      .getByRole('button', { name: 'Dismiss reports' })
      .click()
    await toast(page, `Reports on ${toDismiss.title} were dismissed.`).waitFor()
    await rowOf(page, toDismiss.title).waitFor({ state: 'detached' })
    expect((await fetch(`${h.baseUrl}/api/products/${toDismiss._id}`)).status).toBe(200)

    await rowOf(page, toRemove.title)
      .getByRole('button', { name: `Remove listing ${toRemove.title}` })
      .click()
    const remove = page.getByRole('dialog', { name: 'Remove this listing?' })
    await remove.getByLabel('Reason for the seller').fill(reason)
    await remove.getByRole('button', { name: 'Remove listing' }).click()
    await toast(page, `${toRemove.title} was removed from the shop.`).waitFor()
    await rowOf(page, toRemove.title).waitFor({ state: 'detached' })
    expect((await fetch(`${h.baseUrl}/api/products/${toRemove._id}`)).status).toBe(404)

    const mails = await apiAs<Mail[]>(page, '/api/outbox')
    const mail = mails.find((m) => m.subject === `Your listing "${toRemove.title}" was removed`)
    expect(mail?.text).toContain(`Reason: ${reason}`)
    expect(mail?.text).toContain(`Hello ${toRemove.seller}`)

    // the resolved list keeps the reason the seller was given
    await page.getByText('Resolved', { exact: true }).click()
    await rowOf(page, toRemove.title).getByText(`Reason: ${reason}`).waitFor()
    await checkA11y(page)
    expect(errors).toEqual([])
    await context.close()
  })
})
