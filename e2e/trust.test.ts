import { messages } from '@preloved/shared/messages'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

type Listing = { _id: string; title: string; category: string; status: string; advertisement: boolean }

async function openCategory(page: Page, slug: string) {
  await page.goto(`/category/${slug}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.locator('main article').first().waitFor()
}

const card = (page: Page, bag: string) => page.locator('main article').filter({ hasText: bag })
const cardTitles = (page: Page) => page.locator('main article h2').allInnerTexts()
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first()

async function report(page: Page, bag: string, reason: string, note?: string, shot?: string) {
  await card(page, bag)
    .getByRole('button', { name: /^Report this Listing/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Report this Listing' })
  await dialog.waitFor()
  await dialog.getByLabel(reason, { exact: true }).check()
  if (note) await dialog.getByLabel(/^Note/).fill(note)
  if (shot) {
    expect(await seriousA11yViolations(page)).toEqual([])
    await viewportShot(page, shot)
  }
  await dialog.getByRole('button', { name: 'Submit report' }).click()
  return dialog
}

const reportRow = (page: Page, bag: string) => page.locator('main tbody tr').filter({ hasText: bag })

describe('trust: reports and moderation', () => {
  let removed: Listing
  let kept: Listing

  it('a customer reports listings from the category page; a second report of one gets the 409 message', async () => {
    const advertised = (await (await fetch(`${h.baseUrl}/api/categoryDetails?advertised=true`)).json()) as Listing[]
    const available = advertised.filter((p) => p.status === 'available')
    expect(available.length).toBeGreaterThan(1)
    removed = available[0]!
    kept = available.find((p) => p.category === removed.category && p._id !== removed._id) ?? available[1]!

    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.customer)
    await openCategory(page, removed.category)
    const dialog = await report(
      page,
      removed.title,
      'Counterfeit',
      'The stitching and the logo look wrong.',
      'trust-report-dialog-desktop',
    )
    await toast(page, messages.reports.thanks).waitFor()
    await dialog.waitFor({ state: 'hidden' })

    // the second report of the same listing: the server's 409 message under the form, the dialog stays open
    const again = await report(page, removed.title, 'Spam or scam')
    await again.getByRole('alert').filter({ hasText: messages.reports.alreadyOpen }).waitFor()
    await again.getByRole('button', { name: 'Cancel' }).click()
    await again.waitFor({ state: 'hidden' })

    await openCategory(page, kept.category)
    await report(page, kept.title, 'Misleading description')
    await toast(page, messages.reports.thanks).waitFor()
    expect(errors.filter((e) => !e.includes('409'))).toEqual([])
    await context.close()
  })

  it('the admin removes one reported listing (gone from category and home) and dismisses another (kept)', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.admin)
    // the removed one is advertised: it is on the home page before
    await page.getByText(removed.title).first().waitFor()

    await page.goto('/dashboard/reportedItems')
    await page.getByRole('heading', { name: 'Reported Items', level: 1 }).waitFor()
    const row = reportRow(page, removed.title)
    await row.waitFor()
    const cells = await row.locator('td, th').allInnerTexts()
    expect(cells.join(' ')).toContain('Counterfeit')
    expect(cells.join(' ')).toMatch(/\b1\b/)
    await reportRow(page, kept.title).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'trust-reported-items-desktop')

    // Remove asks first, in its own words; Cancel leaves it
    await row.getByRole('button', { name: `Remove listing ${removed.title}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Remove this listing?' })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'hidden' })
    expect(await row.count()).toBe(1)
    await row.getByRole('button', { name: `Remove listing ${removed.title}` }).click()
    await confirm.getByLabel('Reason for the seller').fill('Reported as counterfeit; the logo is not original.')
    await confirm.getByRole('button', { name: 'Remove listing' }).click()
    await toast(page, `${removed.title} was removed from the shop.`).waitFor()
    await row.waitFor({ state: 'detached' })

    await reportRow(page, kept.title)
      .getByRole('button', { name: `Dismiss reports on ${kept.title}` })
      .click()
    await page
      .getByRole('dialog', { name: 'Dismiss these reports?' })
      .getByRole('button', { name: 'Dismiss reports' })
      .click()
    await toast(page, `Reports on ${kept.title} were dismissed.`).waitFor()
    await reportRow(page, kept.title).waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: messages.reports.empty }).waitFor()

    // the resolved filter: the outcome and who did it
    await page.getByText('Resolved', { exact: true }).click()
    const removedRow = reportRow(page, removed.title)
    await removedRow.getByText('Listing removed').waitFor()
    expect(await removedRow.innerText()).toMatch(/by \S+/)
    await reportRow(page, kept.title).getByText('Dismissed').waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'trust-reported-items-resolved-desktop')

    // gone from the category and home pages; the dismissed one stays
    await openCategory(page, removed.category)
    expect(await cardTitles(page)).not.toContain(removed.title)
    await openCategory(page, kept.category)
    expect(await cardTitles(page)).toContain(kept.title)
    await page.goto('/')
    await page.getByText(kept.title).first().waitFor()
    expect(await page.getByText(removed.title).count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('Reported Items fits a phone', async () => {
    const { page, context } = await h.newPage('phone')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/reportedItems')
    await page.getByRole('heading', { name: messages.reports.empty }).waitFor()
    await page.getByText('Resolved', { exact: true }).click()
    await reportRow(page, removed.title).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'trust-reported-items-phone')
    await context.close()
  })
})

type Summary = {
  role: string
  customer?: { openOrders: number; paidOrders: number; wishlist: number }
  seller?: { available: number; sold: number; salesTotal: number; verified: boolean }
  admin?: {
    customers: number
    sellers: number
    unverifiedSellers: number
    openReports: number
    salesThisWeek: number
    salesThisWeekTotal: number
  }
}

const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"]`)
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

describe('the dashboard index per role', () => {
  it('a customer sees open and paid orders and the wishlist, with links', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.customer)
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: /^Welcome back, Emma/, level: 1 }).waitFor()
    const summary = await apiAs<Summary>(page, '/api/dashboard/summary')
    expect(summary.role).toBe('customer')
    expect(await stat(page, 'Open orders').innerText()).toBe(String(summary.customer!.openOrders))
    expect(await stat(page, 'Paid orders').innerText()).toBe(String(summary.customer!.paidOrders))
    expect(await stat(page, 'Wishlist').innerText()).toBe(String(summary.customer!.wishlist))
    expect(await page.locator('main').getByRole('link', { name: 'My Wishlist' }).count()).toBeGreaterThan(0)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'trust-dashboard-customer-desktop')
    await page.locator('main').getByRole('link', { name: 'My Orders' }).first().click()
    await page.waitForURL('**/dashboard/myOrders')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a seller sees available and sold listings, the sales total and that she is verified', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: /^Welcome back, Amelia/, level: 1 }).waitFor()
    const summary = await apiAs<Summary>(page, '/api/dashboard/summary')
    expect(summary.role).toBe('seller')
    expect(await stat(page, 'Listings available').innerText()).toBe(String(summary.seller!.available))
    expect(await stat(page, 'Bags sold').innerText()).toBe(String(summary.seller!.sold))
    expect(await stat(page, 'Sales total').innerText()).toBe(money(summary.seller!.salesTotal))
    expect(summary.seller!.verified).toBe(true)
    await page.getByText('You are a verified seller.').waitFor()
    await page.locator('main').getByRole('link', { name: 'Add Product' }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'trust-dashboard-seller-desktop')
    expect(errors).toEqual([])
    await context.close()
  })

  it('an admin sees customers, sellers, unverified sellers, open reports and sales this week', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context, errors } = await h.newPage(viewport)
      await signIn(page, DEMO.admin)
      await page.goto('/dashboard')
      await page.getByRole('heading', { name: /^Welcome back/, level: 1 }).waitFor()
      const summary = await apiAs<Summary>(page, '/api/dashboard/summary')
      const a = summary.admin!
      expect(summary.role).toBe('admin')
      expect(await stat(page, 'Customers').innerText()).toBe(a.customers.toLocaleString('en-US'))
      expect(await stat(page, 'Sellers').innerText()).toBe(a.sellers.toLocaleString('en-US'))
      expect(await stat(page, 'Unverified sellers').innerText()).toBe(String(a.unverifiedSellers))
      expect(await stat(page, 'Open reports').innerText()).toBe(String(a.openReports))
      expect(a.openReports).toBe(0) // both reports were resolved above
      expect(await stat(page, 'Sales this week').innerText()).toBe(String(a.salesThisWeek))
      expect(await stat(page, 'Sales this week ($)').innerText()).toBe(money(a.salesThisWeekTotal))
      expect(await seriousA11yViolations(page)).toEqual([])
      await screenshot(page, `trust-dashboard-admin-${viewport}`)
      expect(errors).toEqual([])
      await context.close()
    }
  })

  it('the customer dashboard fits a phone', async () => {
    const { page, context } = await h.newPage('phone')
    await signIn(page, DEMO.customer)
    await page.goto('/dashboard')
    await stat(page, 'Wishlist').waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'trust-dashboard-customer-phone')
    await context.close()
  })
})
