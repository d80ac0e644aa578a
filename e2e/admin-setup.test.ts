import { messages } from '@preloved/shared/messages'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../apps/server/src/db/schema/index.ts'
import { type Harness, logIn, screenshot, seriousA11yViolations, startHarness } from './harness.ts'

/**
 * The first admin: signing up with ADMIN_EMAIL gives a customer; the setup link (mailed, and printed on
 * the console without SMTP) confirms the address, makes the account admin and leads to choosing its password.
 */
const OWNER = 'owner@shop.test'
let h: Harness

beforeAll(async () => {
  h = await startHarness({ ADMIN_EMAIL: OWNER, DEMO_DATA: 'false' })
})
afterAll(() => h?.close())

async function setupLink(): Promise<string> {
  const [mail] = await h.app.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, OWNER), eq(outbox.subject, 'Confirm the admin address of Preloved Bags Co.')))
    .orderBy(desc(outbox.createdAt))
    .limit(1)
  const link = mail && /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)?.[0]
  if (!link) throw new Error('no setup link in the outbox')
  return link
}

describe('the first admin', () => {
  it('signs up as a customer, follows the setup link, chooses the password and logs in as admin', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/signup')
    await page.getByLabel('Name', { exact: true }).fill('Shop Owner')
    await page.getByLabel('Email', { exact: true }).fill(OWNER)
    await page.getByLabel('Password', { exact: true }).fill('Chosen#2026')
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await page.waitForURL(`${h.baseUrl}/`)
    const dashboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })
    await dashboard.waitFor()
    expect(await dashboard.getAttribute('href')).toBe('/dashboard/myOrders') // a customer, not yet the admin

    await page.goto(await setupLink())
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.searchParams.get('setup') === 'admin')
    await page.getByRole('heading', { name: messages.auth.adminSetupTitle }).waitFor()
    expect(await page.getByText(messages.auth.adminSetupLead).isVisible()).toBe(true)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'admin-setup-desktop')
    await page.getByLabel('New password', { exact: true }).fill('Owner#2026')
    await page.getByLabel('Repeat the new password', { exact: true }).fill('Owner#2026')
    await page.getByRole('button', { name: 'Change the password' }).click()
    await page.waitForURL((url) => url.pathname === '/login')

    await logIn(page, OWNER, 'Owner#2026')
    await dashboard.waitFor()
    expect(await dashboard.getAttribute('href')).toBe('/dashboard/allSellers') // the admin's dashboard
    expect(errors).toEqual([])
    await context.close()
  })

  it('says so when the setup link is broken', async () => {
    const { page, context } = await h.newPage('phone')
    const broken = new URL(await setupLink())
    broken.searchParams.set('token', 'not-a-token')
    await page.goto(broken.toString())
    await page.getByText(messages.auth.adminSetupInvalid).waitFor()
    await context.close()
  })
})
