import { messages } from '@preloved/shared/messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalOidc, startLocalOidc } from '../apps/server/test/fakes/oidc-provider.ts'
import { type Harness, seriousA11yViolations, startHarness } from './harness.ts'

// "Continue With Google" end to end in the browser, against a local OpenID Provider standing in for Google
// (OIDC_ISSUER): out to the provider, back to /login?provider=done, the token, the toast, the origin page.
let google: LocalOidc
let h: Harness

beforeAll(async () => {
  google = await startLocalOidc()
  h = await startHarness({
    OIDC_ISSUER: google.issuer,
    OIDC_CLIENT_ID: google.clientId,
    OIDC_CLIENT_SECRET: google.clientSecret,
  })
  google.mount([`${h.baseUrl}/api/auth/callback/oidc`])
})
afterAll(async () => {
  await h?.close()
  await google?.close()
})

describe('Google sign-in through an OpenID provider', () => {
  it('signs a new customer in and returns to the page they came from, with a token', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/dashboard/wishlist')
    await page.waitForURL('**/login')
    await page.getByRole('button', { name: 'Continue With Google' }).click()

    // the provider's own (development) login and consent screens
    await page.waitForURL(`${google.issuer}/**`)
    const email = `gina-${Date.now().toString(36)}@example.test`
    await page.locator('input[name="login"]').fill(email)
    await page.locator('input[name="password"]').fill('anything')
    await page.locator('button[type="submit"]').click()
    await page.locator('button[type="submit"]').click() // consent
    await page.waitForURL(`${h.baseUrl}/**`)

    await page.getByText(messages.auth.signedIn).waitFor()
    await page.waitForURL('**/dashboard/wishlist')
    await page.getByRole('heading', { name: 'My Wishlist', level: 1 }).waitFor()
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    expect(token).toBeTruthy()
    const me = await page.evaluate(
      async (t) => (await fetch('/api/me', { headers: { authorization: `Bearer ${t}` } })).json(),
      token,
    )
    expect(me).toMatchObject({ email, role: 'customer' }) // Google accounts are customers
    const dashboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })
    expect(await dashboard.getAttribute('href')).toBe('/dashboard/myOrders')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })

  it('the signup page starts the same sign-in and lands home', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/signup')
    await page.getByRole('button', { name: 'Sign in With Google' }).click()
    await page.waitForURL(`${google.issuer}/**`)
    await page.locator('input[name="login"]').fill(`gus-${Date.now().toString(36)}@example.test`)
    await page.locator('input[name="password"]').fill('anything')
    await page.locator('button[type="submit"]').click()
    await page.locator('button[type="submit"]').click()
    await page.getByText(messages.auth.signedIn).waitFor()
    await page.waitForURL(`${h.baseUrl}/`)
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy()
    await context.close()
  })

  it('a refused consent comes back to the form with the error under it', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/login')
    await page.getByRole('button', { name: 'Continue With Google' }).click()
    await page.waitForURL(`${google.issuer}/**`)
    // the development interaction screens offer "Cancel" (abort the interaction): access_denied comes back
    await page.getByRole('link', { name: /cancel/i }).click()
    await page.waitForURL(`${h.baseUrl}/login?**`)
    await page.getByRole('alert').filter({ hasText: messages.auth.providerFailed }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull()
    await context.close()
  })
})
