import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, signUp } from '../apps/server/test/auth-helpers.ts'
import { type Harness, logIn, startHarness } from './harness.ts'

// An access token ends with its session, and the web app then asks for a login.

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

let serial = 0

/** A fresh customer made through the API, so that changing its password touches no other test. */
async function createCustomer() {
  const email = `sessions-${Date.now().toString(36)}-${++serial}@example.test`
  await signUp(h.app, { name: 'Tess Tabs', email })
  return email
}

/** The status GET /api/me answers to a bearer token, asked from the page. */
const meStatus = (page: Page, token: string | null) =>
  page.evaluate(async (t) => (await fetch('/api/me', { headers: { authorization: `Bearer ${t}` } })).status, token)

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })
const header = (page: Page) => page.getByRole('navigation', { name: 'Main' })

async function openMyOrders(page: Page) {
  await page.goto('/dashboard/myOrders')
  await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor()
}

describe('signed out elsewhere', () => {
  it("after sign-out in one tab, the other tab's next API call goes to /login", async () => {
    const email = await createCustomer()
    const { page: first, context } = await h.newPage('desktop')
    await logIn(first, email, PASSWORD)
    const second = await context.newPage()
    await openMyOrders(second)
    const token = await second.evaluate(() => localStorage.getItem('accessToken'))
    expect(await meStatus(second, token)).toBe(200)

    await header(first).getByRole('button', { name: 'Log Out' }).click()
    await header(first).getByRole('link', { name: 'Login', exact: true }).waitFor()
    // a copy of the token taken before (another script, a stolen copy) no longer answers
    expect(await meStatus(second, token)).toBe(401)

    // moving within the dashboard (no page load): the wishlist call is refused and the tab goes to the login page
    await drawer(second).getByRole('link', { name: 'My Wishlist' }).click()
    await second.waitForURL((url) => url.pathname === '/login')
    expect(await second.evaluate(() => localStorage.getItem('accessToken'))).toBeNull()
    await context.close()
  })

  it('a password change on another device that signs the others out sends this tab to /login at its next call', async () => {
    const email = await createCustomer()
    const here = await h.newPage('desktop')
    await logIn(here.page, email, PASSWORD)
    await openMyOrders(here.page)
    const tokenBefore = await here.page.evaluate(() => localStorage.getItem('accessToken'))

    const there = await h.newPage('desktop')
    await logIn(there.page, email, PASSWORD)
    const status = await there.page.evaluate(async (password) => {
      const res = await fetch('/api/auth/change-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: password, newPassword: 'Moved#2026', revokeOtherSessions: true }),
      })
      return res.status
    }, PASSWORD)
    expect(status).toBe(200)

    // this device still holds its token, but the session it was minted from is gone: the token no longer answers
    expect(await here.page.evaluate(() => localStorage.getItem('accessToken'))).toBe(tokenBefore)
    expect(await meStatus(here.page, tokenBefore)).toBe(401)
    await drawer(here.page).getByRole('link', { name: 'My Wishlist' }).click()
    await here.page.waitForURL((url) => url.pathname === '/login')

    // the device that changed the password goes on: its token is renewed from its new session
    await openMyOrders(there.page)
    await drawer(there.page).getByRole('link', { name: 'My Wishlist' }).click()
    await there.page.getByRole('heading', { name: 'My Wishlist', level: 1 }).waitFor()
    expect(new URL(there.page.url()).pathname).toBe('/dashboard/wishlist')
    await here.context.close()
    await there.context.close()
  })
})
