import { messages } from '@preloved/shared/messages'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../apps/server/test/auth-helpers.ts'
import { DEMO, type Harness, logIn, screenshot, seriousA11yViolations, signIn, startHarness } from './harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

const PASSWORD = 'Bags#2026'

let serial = 0
const uniqueEmail = (who: string) => `${who}-${Date.now().toString(36)}-${++serial}@example.test`

async function fillSignup(page: Page, values: { name: string; email: string; password: string }) {
  await page.getByLabel('Name', { exact: true }).fill(values.name)
  await page.getByLabel('Email', { exact: true }).fill(values.email)
  await page.getByLabel('Password', { exact: true }).fill(values.password)
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'))
const header = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const drawer = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })

describe('sign up', () => {
  it('a customer signs up, lands home signed in with a token, and sees Dashboard → My Orders and Log Out', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/signup')
    await page.getByRole('heading', { name: 'Sign Up', level: 1 }).waitFor()
    expect(await page.getByRole('radio', { name: 'Customer' }).isChecked()).toBe(true)
    expect(await page.getByRole('group', { name: 'Signing as' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Login Now' }).getAttribute('href')).toBe('/login')
    expect(await page.getByRole('button', { name: 'Sign in With Google' }).isVisible()).toBe(true)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'signup-desktop')

    const email = uniqueEmail('customer')
    await fillSignup(page, { name: 'Clara Customer', email, password: PASSWORD })
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await page.getByText(messages.auth.created).waitFor()
    await page.waitForURL(`${h.baseUrl}/`)

    const dashboard = header(page).getByRole('link', { name: 'Dashboard', exact: true })
    await dashboard.waitFor()
    expect(await dashboard.getAttribute('href')).toBe('/dashboard/myOrders')
    expect(await header(page).getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true)
    expect(await header(page).getByRole('link', { name: 'Login', exact: true }).count()).toBe(0)

    // the token is stored and is good for the API; the profile was recorded with the name and role
    const token = await storedToken(page)
    expect(token).toBeTruthy()
    const me = await page.evaluate(
      async (t) => (await fetch('/api/me', { headers: { authorization: `Bearer ${t}` } })).json(),
      token,
    )
    expect(me).toMatchObject({ name: 'Clara Customer', email, role: 'customer' })

    // the phone menu offers the same
    await page.setViewportSize({ width: 360, height: 780 })
    await page.getByRole('button', { name: 'Menu' }).click()
    const phoneMenu = header(page).locator('ul:visible')
    expect(await phoneMenu.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href')).toBe(
      '/dashboard/myOrders',
    )
    expect(await phoneMenu.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true)

    await dashboard.evaluate((a: HTMLAnchorElement) => a.click())
    await page.waitForURL('**/dashboard/myOrders')
    await page.setViewportSize({ width: 1440, height: 900 })
    await drawer(page).getByRole('link', { name: 'My Wishlist' }).waitFor()
    expect(await drawer(page).getByRole('link').allInnerTexts()).toEqual([
      'My Orders',
      'My Wishlist',
      'My Offers',
      'Messages',
      'Notifications',
      'Saved searches',
      'Addresses',
      'Mail preferences',
    ])
    expect(await seriousA11yViolations(page)).toEqual([])
    // her first visit: welcomed, not welcomed back
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Welcome, Clara', level: 1 }).waitFor()
    expect(errors).toEqual([])
    await context.close()

    // the same email again: the server's message under the form
    const again = await h.newPage('desktop')
    await again.page.goto('/signup')
    await fillSignup(again.page, { name: 'Clara Again', email, password: PASSWORD })
    await again.page.getByRole('button', { name: 'SIGN UP' }).click()
    const alert = again.page.getByRole('alert').filter({ hasText: 'User already exists. Use another email.' })
    await alert.waitFor()
    expect(again.page.url()).toBe(`${h.baseUrl}/signup`)
    expect(await storedToken(again.page)).toBeNull()
    await again.context.close()
  })

  it('a seller signs up and gets Dashboard → My Products, with Add Product, My Products and My Sales (then My Orders and My Wishlist) in the side menu', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/signup')
    const email = uniqueEmail('seller')
    await fillSignup(page, { name: 'Sam Seller', email, password: PASSWORD })
    await page.getByText('Seller', { exact: true }).click() // the whole card selects
    expect(await page.getByRole('radio', { name: 'Seller' }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'SIGN UP' }).click()
    await page.getByText(messages.auth.created).waitFor()
    await page.waitForURL(`${h.baseUrl}/`)

    const dashboard = header(page).getByRole('link', { name: 'Dashboard', exact: true })
    await dashboard.waitFor()
    expect(await dashboard.getAttribute('href')).toBe('/dashboard/myProducts')
    await dashboard.click()
    await page.waitForURL('**/dashboard/myProducts')
    await page.getByRole('heading', { name: 'My Products', level: 1 }).waitFor()
    await drawer(page).getByRole('link', { name: 'Add Product' }).waitFor()
    expect(await drawer(page).getByRole('link').allInnerTexts()).toEqual([
      'Add Product',
      'My Products',
      'My Sales',
      'Earnings',
      'Offers Received',
      'My Orders',
      'My Wishlist',
      'Messages',
      'Notifications',
      'Saved searches',
      'Addresses',
      'Mail preferences',
    ])
    await drawer(page).getByRole('link', { name: 'Add Product' }).click()
    await page.waitForURL('**/dashboard/addProducts')
    await page.getByRole('heading', { name: 'Add a Product', level: 1 }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('log in', () => {
  // an account made through the API: signing up is not the subject here
  const customer = { email: uniqueEmail('login'), password: PASSWORD }
  beforeAll(async () => {
    await signUp(h.app, { name: 'Lena Login', ...customer })
  })

  it('the login page shows the original texts and passes axe', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/login')
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor()
    expect(await page.getByText(messages.auth.discountLine).isVisible()).toBe(true)
    expect(await page.getByText(messages.auth.discountCondition).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Create an Account', exact: true }).getAttribute('href')).toBe(
      '/signup',
    )
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password')
    // a first visit is not welcomed back
    expect(await page.getByText('Welcome back').count()).toBe(0)
    await page.getByText('Welcome', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Continue With Google' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'LOGIN' }).isVisible()).toBe(true)
    expect(await page.getByText(/demo\.preloved\.test|Demo#2026/).count()).toBe(0) // no credentials on show
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'login-desktop')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a guarded page sends a visitor to login, and signing in returns there', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/dashboard/wishlist')
    await page.waitForURL('**/login')
    await logIn(page, customer.email, customer.password, { open: false, landing: '/dashboard/wishlist' })
    await page.getByText(messages.auth.loggedIn).waitFor()
    await page.getByRole('heading', { name: 'My Wishlist', level: 1 }).waitFor()
    expect(await storedToken(page)).toBeTruthy()
    // history was replaced: Back does not return to the login page
    await page.goBack()
    expect(page.url()).not.toContain('/login')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a category page needs a signed-in user too', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/category/Tote')
    await page.waitForURL('**/login')
    await logIn(page, customer.email, customer.password, { open: false, landing: '/category/Tote' })
    await context.close()
  })

  it('a wrong password shows the provider message under the form', async () => {
    const { page, context } = await h.newPage('desktop')
    await logIn(page, customer.email, 'Wrong#2026', { landing: false })
    await page.getByRole('alert').filter({ hasText: messages.auth.invalidCredentials }).waitFor()
    expect(page.url()).toBe(`${h.baseUrl}/login`)
    expect(await storedToken(page)).toBeNull()
    await context.close()
  })

  it('Log Out clears the token and the session; the dashboard then asks for a login', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, customer.email, customer.password)
    expect(await storedToken(page)).toBeTruthy()
    await header(page).getByRole('button', { name: 'Log Out' }).click()
    await header(page).getByRole('link', { name: 'Login', exact: true }).waitFor()
    expect(page.url()).toBe(`${h.baseUrl}/`)
    expect(await storedToken(page)).toBeNull()
    expect(await page.evaluate(async () => (await fetch('/api/auth/get-session')).json())).toBeNull()
    await page.goto('/dashboard')
    await page.waitForURL('**/login')
    expect(errors).toEqual([])
    await context.close()
  })

  it('an out-of-date token is renewed from the session once, and the call repeated', async () => {
    const { page, context } = await h.newPage('desktop')
    await logIn(page, customer.email, customer.password)
    const good = await storedToken(page)
    // a token the server refuses (as an expired one is), while the session cookie still holds
    await page.evaluate(() => localStorage.setItem('accessToken', 'eyJhbGciOiJIUzI1NiJ9.e30.stale'))
    const renewals: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/jwt') renewals.push(request.url())
    })
    // Moving within the app (not a page load, whose first answers the server writes into the page): My Orders and
    // the role lookups carry the token together: 401s, one renewal, each call repeated.
    await page.getByRole('link', { name: 'Dashboard' }).first().click()
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor()
    expect(page.url()).toBe(`${h.baseUrl}/dashboard/myOrders`)
    const renewed = await storedToken(page)
    expect(renewed).toBeTruthy()
    expect(renewed).not.toBe('eyJhbGciOiJIUzI1NiJ9.e30.stale')
    expect(good).toBeTruthy()
    expect(renewals).toHaveLength(1)
    await context.close()
  })

  it('a customer opening an admin page is sent to login', async () => {
    const { page, context } = await h.newPage('desktop')
    await logIn(page, customer.email, customer.password)
    await page.goto('/dashboard/allSellers')
    await page.waitForURL('**/login')
    expect(await page.getByRole('heading', { name: 'All Sellers', level: 1 }).count()).toBe(0)
    // the login page says why
    await page.getByRole('heading', { name: 'All Sellers is for admins.' }).waitFor()
    await page.goto('/dashboard/addProducts')
    await page.waitForURL('**/login')
    await page.getByRole('heading', { name: 'Add Product is for sellers.' }).waitFor()
    await context.close()
  })
})

describe('admin', () => {
  it('the admin gets Dashboard → All Sellers and the admin menu with the outbox', async () => {
    await signUp(h.app, { name: 'Wendy Welcome', email: uniqueEmail('welcome') }) // its welcome mail is in the outbox
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.admin)
    await page.getByText(messages.auth.loggedIn).waitFor()
    const dashboard = header(page).getByRole('link', { name: 'Dashboard', exact: true })
    await dashboard.waitFor()
    expect(await dashboard.getAttribute('href')).toBe('/dashboard/allSellers')
    await dashboard.click()
    await page.waitForURL('**/dashboard/allSellers')
    await page.getByRole('heading', { name: 'All Sellers', level: 1 }).waitFor()
    await drawer(page).getByRole('link', { name: 'Outbox' }).waitFor()
    expect(await drawer(page).getByRole('link').allInnerTexts()).toEqual([
      'All Customers',
      'All Sellers',
      'Orders',
      'Disputes',
      'Flags',
      'Reported Items',
      'Reported messages',
      'Outbox',
      'Posts',
      'Settings',
      'My Orders',
      'My Wishlist',
      'Messages',
      'Notifications',
      'Saved searches',
      'Addresses',
      'Mail preferences',
    ])
    for (const [label, heading] of [
      ['All Customers', 'All Customers'],
      ['Reported Items', 'Reported Items'],
      ['Posts', 'Posts'],
      ['Settings', 'Settings'],
      ['Outbox', 'Outbox'],
    ] as const) {
      await drawer(page).getByRole('link', { name: label }).click()
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
    }
    // the outbox lists the mails sent so far (welcome mails at least), newest first
    await page.getByRole('list', { name: 'Mails, newest first' }).waitFor()
    const dates = await page
      .locator('main time')
      .evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute('datetime') ?? '')))
    expect(dates.length).toBeGreaterThan(0)
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
    expect(await seriousA11yViolations(page)).toEqual([])
    await screenshot(page, 'outbox-desktop')

    // phones: the header's one menu holds the dashboard links
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Menu' }).click()
    await header(page).getByRole('list', { name: 'Dashboard' }).getByRole('link', { name: 'All Customers' }).click()
    await page.waitForURL('**/dashboard/allCustomers')
    expect(errors).toEqual([])

    // an hour later the token is out of date while the session holds: the page renews it and carries on
    await page.evaluate(() => localStorage.setItem('accessToken', 'eyJhbGciOiJIUzI1NiJ9.e30.stale'))
    await page.goto('/dashboard/outbox')
    await page.getByRole('list', { name: 'Mails, newest first' }).waitFor()
    expect(page.url()).toBe(`${h.baseUrl}/dashboard/outbox`)
    expect(await storedToken(page)).not.toBe('eyJhbGciOiJIUzI1NiJ9.e30.stale')
    await context.close()
  })
})

describe('password reset', () => {
  it('works through the mail in the outbox', async () => {
    const account = await signUp(h.app, { name: 'Rita Reset', email: uniqueEmail('reset'), password: 'Old#2026' })
    const user = await h.newPage('desktop')
    await user.page.goto('/login')
    await user.page.getByRole('link', { name: 'Forgot password?' }).click()
    await user.page.waitForURL('**/forgot-password')
    await user.page.getByRole('heading', { level: 1 }).waitFor()
    expect(await seriousA11yViolations(user.page)).toEqual([])
    await user.page.getByRole('button', { name: 'Send the reset link' }).click()
    await user.page.getByText(messages.auth.emailRequired, { exact: true }).waitFor()
    await user.page.getByLabel('Email', { exact: true }).fill(account.email)
    await user.page.getByRole('button', { name: 'Send the reset link' }).click()
    await user.page.getByText(messages.auth.resetSent).waitFor()

    // the admin reads the mail in the outbox, in another browser
    const admin = await h.newPage('desktop')
    await signIn(admin.page, DEMO.admin)
    await admin.page.goto('/dashboard/outbox')
    const mail = admin.page
      .getByRole('listitem')
      .filter({ hasText: 'Reset your Preloved Bags Co. password' })
      .filter({ hasText: account.email })
    await mail.first().waitFor()
    await mail.first().locator('summary').click()
    const text = await mail.first().locator('pre').innerText()
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(text)?.[0]
    expect(link).toBeTruthy()
    await admin.context.close()

    // back in the first browser: open the link, choose a new password
    await user.page.goto(link!)
    await user.page.waitForURL(/\/reset-password\?token=/)
    await user.page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor()
    expect(await seriousA11yViolations(user.page)).toEqual([])
    await user.page.getByLabel('New password', { exact: true }).fill('New#2026')
    await user.page.getByLabel('Repeat the new password', { exact: true }).fill('New#2027')
    await user.page.getByRole('button', { name: 'Change the password' }).click()
    await user.page.getByText('The two passwords differ').waitFor()
    await user.page.getByLabel('Repeat the new password', { exact: true }).fill('New#2026')
    await user.page.getByRole('button', { name: 'Change the password' }).click()
    await user.page.getByText(messages.auth.resetDone).waitFor()
    await user.page.waitForURL('**/login')
    await logIn(user.page, account.email, 'New#2026', { open: false })
    await user.page.getByText(messages.auth.loggedIn).waitFor()

    // the link is used up
    await user.page.goto(link!)
    await user.page.getByText(messages.auth.resetInvalid).waitFor()
    expect(await user.page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
    await user.context.close()
  })

  it('a reset page without a token says the link is no good', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/reset-password?error=INVALID_TOKEN')
    await page.getByRole('alert').filter({ hasText: messages.auth.resetInvalid }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})

describe('Google sign-in without configuration', () => {
  it('both Google buttons say it is not set up', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/login')
    await page.getByRole('button', { name: 'Continue With Google' }).click()
    await page.getByText(messages.auth.googleNotConfigured).waitFor()
    expect(page.url()).toBe(`${h.baseUrl}/login`)
    await page.goto('/signup')
    await page.getByRole('button', { name: 'Sign in With Google' }).click()
    await page.getByText(messages.auth.googleNotConfigured).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('a provider error coming back is shown under the form', async () => {
    const { page, context } = await h.newPage('desktop')
    await page.goto('/login?error=access_denied')
    await page.getByRole('alert').filter({ hasText: messages.auth.providerFailed }).waitFor()
    await context.close()
  })
})

describe('on phones', () => {
  it('login and signup fit 360 px without sideways scrolling', async () => {
    const { page, context, errors } = await h.newPage('phone')
    for (const [path, name] of [
      ['/login', 'login-phone'],
      ['/signup', 'signup-phone'],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      await screenshot(page, name)
      await page.setViewportSize({ width: 360, height: 780 })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      // the discount line and its condition show on phones too
      if (path === '/login') expect(await page.getByText(messages.auth.discountCondition).isVisible()).toBe(true)
    }
    expect(errors).toEqual([])
    await context.close()
  })
})
