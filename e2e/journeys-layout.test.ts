import { messages } from '@preloved/shared/messages'
import type { Locator, Page } from 'playwright-core'
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
  VIEWPORTS,
  viewportShot,
} from './harness.ts'

// Walked as a shopper, a seller and an admin at 390 px and 1440 px: a seller who buys
// finds My Orders in their menu; toasts cover neither the logo nor the heading, and a form's new outcome replaces its
// last; a phone has one menu (site, categories and dashboard links) and Shop sits in the header at every width; the
// stacked table cards carry no "Delete" or "Image" label, align every line and break emails only at "@" or ".".

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

type Box = { x: number; y: number; width: number; height: number }

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  return box!
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const logo = (page: Page) => mainNav(page).getByRole('link', { name: 'Preloved Bags Co.' })
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' })
const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })
/** The toasts on screen (react-hot-toast gives each message role="status"). */
const toasts = (page: Page) => page.locator('[data-rht-toaster] [role="status"]')

/** axe finds nothing on this screen (every rule set, every impact). */
async function axeClean(page: Page, screen: string) {
  expect(await allA11yViolations(page), screen).toEqual([])
}

/** The toast on screen covers neither the logo nor the page's heading, and nothing covers it. */
async function expectToastClear(page: Page, toast: Locator) {
  // a pointer resting on a toast keeps it on screen (react-hot-toast pauses its timers), as for a person reading it:
  // a success toast otherwise leaves after 2 s, sooner than these checks take on a busy machine
  await toast.hover()
  const box = await boxOf(toast)
  expect(overlaps(box, await boxOf(logo(page))), 'toast over the logo').toBe(false)
  expect(overlaps(box, await boxOf(page.getByRole('heading', { level: 1 }))), 'toast over the heading').toBe(false)
  // asked again until it holds: the toast slides in, and the page under it may still be settling
  const onTop = () =>
    toast.evaluate((element) => {
      const rect = element.getBoundingClientRect()
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2)
      return hit !== null && element.parentElement!.contains(hit)
    })
  await expect.poll(onTop, { message: 'nothing covers the toast', timeout: 5_000 }).toBe(true)
}

/**
 * The toast shown while a modal dialog is open lies beside its box, and shows (the page under the dialog is inert, so
 * hit-testing cannot say what is on top: the toast must be clear of the box and opaque).
 */
async function expectToastBesideDialog(toast: Locator, dialogBox: Locator) {
  expect(overlaps(await boxOf(toast), await boxOf(dialogBox)), 'toast over the dialog').toBe(false)
  await expect
    .poll(() => toast.evaluate((element) => Number(getComputedStyle(element.parentElement!).opacity)))
    .toBeGreaterThan(0.9)
}

/** The category page, once its cards are there. */
async function openCategory(page: Page, slug: string) {
  await page.goto(`/category/${slug}`)
  await page.locator('main article').first().waitFor()
}

/** The title of the first card that offers Book Now. */
async function firstBookable(page: Page): Promise<string> {
  const cards = page.locator('main article').filter({ has: page.getByRole('button', { name: /^Book Now/ }) })
  return (await cards.first().locator('h2').innerText()).trim()
}

const card = (page: Page, bag: string) => page.locator('main article').filter({ hasText: bag })

async function openBooking(page: Page, bag: string): Promise<Locator> {
  await card(page, bag)
    .getByRole('button', { name: /^Book Now/ })
    .click()
  const dialog = page.getByRole('dialog', { name: bag })
  await dialog.waitFor()
  await dialog.getByLabel('Phone Number').fill('5550101234')
  await dialog.getByLabel('Preferred Location').fill('Brooklyn, NY')
  return dialog
}

/** The labels the stacked cards show before their values (the cells' ::before text), card by card. */
const stackedLabels = (page: Page) =>
  page.locator('main tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll(':scope > td, :scope > th')]
        .filter((cell) => getComputedStyle(cell).display !== 'none')
        .map((cell) => getComputedStyle(cell, '::before').content)
        .filter((content) => content !== 'none' && content !== 'normal' && content !== '""')
        .map((content) => content.replace(/^"|"$/g, '')),
    ),
  )

/**
 * Every email shown in the tables, with the characters that end each of its lines but the last: a line may end only
 * after "@" or ".".
 */
const emailLineEnds = (page: Page) =>
  page.locator('main tbody').evaluate((body) => {
    const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
    const spans = [...body.querySelectorAll('span')].filter(
      (span) =>
        emailPattern.test(span.textContent ?? '') &&
        [...span.childNodes].every((node) => node.nodeType === Node.TEXT_NODE || node.nodeName === 'WBR'),
    )
    return spans.map((span) => {
      const ends: string[] = []
      let lastTop: number | undefined
      let lastChar = ''
      for (const node of span.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue
        const text = node.textContent ?? ''
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange()
          range.setStart(node, i)
          range.setEnd(node, i + 1)
          const top = range.getBoundingClientRect().top
          if (lastTop !== undefined && top > lastTop + 4) ends.push(lastChar)
          lastTop = top
          lastChar = text[i]!
        }
      }
      return { email: span.textContent ?? '', ends }
    })
  })

describe('a seller who buys (item 4)', () => {
  it('lands on My Orders, which their menu holds, at 1440 and on a phone', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await logIn(page, DEMO.verifiedSeller)
    await openCategory(page, 'Tote')
    const bag = await firstBookable(page)
    const dialog = await openBooking(page, bag)
    await dialog.getByRole('button', { name: 'Confirm Order' }).click()
    await page.waitForURL('**/dashboard/myOrders')
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor()
    await page.locator('main tbody tr').filter({ hasText: bag }).waitFor()

    // desktop: the side menu holds the seller's links, then My Orders (the page shown) and My Wishlist
    await sideMenu(page).getByRole('link', { name: 'My Wishlist' }).waitFor()
    expect(await sideMenu(page).getByRole('link').allInnerTexts()).toEqual([
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
    expect(await sideMenu(page).getByRole('link', { name: 'My Orders' }).getAttribute('aria-current')).toBe('page')
    // the booking's toast, where it covers nothing
    const confirmed = toasts(page).filter({ hasText: messages.bookings.confirmed })
    await confirmed.waitFor()
    await expectToastClear(page, confirmed)
    await screenshot(page, 'layout-seller-orders-desktop')
    await axeClean(page, 'seller my orders (desktop)')

    // a phone: no side menu; the header's one menu holds the same links
    await page.setViewportSize(VIEWPORTS.phone)
    expect(await sideMenu(page).isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Dashboard links' }).count()).toBe(0)
    await menuButton(page).click()
    const dashboardLinks = mainNav(page).getByRole('list', { name: 'Dashboard' })
    await dashboardLinks.waitFor()
    expect(await dashboardLinks.getByRole('link').allInnerTexts()).toEqual([
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
    expect(await dashboardLinks.getByRole('link', { name: 'My Orders' }).getAttribute('aria-current')).toBe('page')
    await viewportShot(page, 'layout-seller-menu-phone')
    await axeClean(page, 'seller phone menu open')
    // a link in the menu goes there and closes the menu
    await dashboardLinks.getByRole('link', { name: 'My Wishlist' }).click()
    await page.waitForURL('**/dashboard/wishlist')
    await page.getByRole('heading', { name: 'My Wishlist', level: 1 }).waitFor()
    await expect.poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('false')
    expect(errors).toEqual([])
    await context.close()
  })

  it('the admin can book too, so their menu ends with My Orders and My Wishlist', async () => {
    const { page, context } = await h.newPage('desktop')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/allSellers')
    await sideMenu(page).getByRole('link', { name: 'My Wishlist' }).waitFor()
    expect(await sideMenu(page).getByRole('link').allInnerTexts()).toEqual([
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
    await context.close()
  })
})

describe('toasts (item 8)', () => {
  it('on a phone: clear of the logo, the heading and the booking sheet; the next outcome replaces the error', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await logIn(page, DEMO.customer)
    await openCategory(page, 'Shoulder')
    const taken = await firstBookable(page)
    const dialog = await openBooking(page, taken)

    // meanwhile another customer books that bag: this booking is refused, and says so in a toast
    const other = await h.newPage('desktop')
    await logIn(other.page, DEMO.otherCustomer)
    const listings = await apiAs<{ _id: string; title: string }[]>(other.page, '/api/categoryDetails/Shoulder')
    const listing = listings.find((l) => l.title === taken)!
    const made = await apiAs<{ insertedId?: string }>(other.page, '/api/bookings', {
      method: 'POST',
      body: { product_id: listing._id, number: '5550109999', location: 'Queens, NY' },
    })
    expect(made.insertedId).toBeTruthy()
    await other.context.close()

    await dialog.getByRole('button', { name: 'Confirm Order' }).click()
    const refused = toasts(page).first()
    await refused.waitFor()
    const refusal = (await refused.innerText()).trim()
    expect(refusal).not.toBe(messages.bookings.confirmed)
    expect(refusal.length).toBeGreaterThan(0)
    // beside the booking sheet (a modal dialog at the bottom of a phone), neither behind it nor on its buttons
    await expectToastBesideDialog(refused, dialog.locator('.modal-box'))
    await viewportShot(page, 'layout-toast-error-over-sheet-phone')

    // the same form's next outcome, a success, takes the error's place: one toast on screen
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await openCategory(page, 'Shoulder')
    const bag = await firstBookable(page)
    expect(bag).not.toBe(taken)
    const again = await openBooking(page, bag)
    await again.getByRole('button', { name: 'Confirm Order' }).click()
    await page.waitForURL('**/dashboard/myOrders')
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor()
    const confirmed = toasts(page).filter({ hasText: messages.bookings.confirmed })
    await confirmed.waitFor()
    expect(await toasts(page).count()).toBe(1)
    expect(await page.getByText(refusal, { exact: true }).count()).toBe(0)
    await expectToastClear(page, confirmed)
    await viewportShot(page, 'layout-toast-phone')
    await axeClean(page, 'my orders with a toast (phone)')
    // the refused booking's answer is the only error the browser logged
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)'])
    await context.close()
  })
})

describe('one menu on phones, Shop in the header (item 9)', () => {
  it('a visitor: Shop at 390 and 1440; the phone menu lists the categories; Escape closes it', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await page.goto('/')
    const shop = mainNav(page).getByRole('link', { name: 'Shop', exact: true })
    expect(await shop.isVisible()).toBe(true)
    expect(await shop.getAttribute('href')).toBe('/categories')
    await screenshot(page, 'layout-header-desktop', { of: page.locator('header') })
    await axeClean(page, 'home (desktop)')

    await page.setViewportSize(VIEWPORTS.phone)
    const phoneShop = mainNav(page).getByRole('link', { name: 'Shop', exact: true })
    expect(await phoneShop.isVisible()).toBe(true)
    expect(await phoneShop.getAttribute('href')).toBe('/categories')
    // the bar holds the logo, Shop and the menu button without crowding: all on one line, inside the screen
    const [logoBox, shopBox, buttonBox] = [
      await boxOf(logo(page)),
      await boxOf(phoneShop),
      await boxOf(menuButton(page)),
    ]
    expect(logoBox.x + logoBox.width).toBeLessThanOrEqual(shopBox.x)
    expect(shopBox.x + shopBox.width).toBeLessThanOrEqual(buttonBox.x)
    expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(VIEWPORTS.phone.width)
    await screenshot(page, 'layout-header-phone', { of: page.locator('header') })

    const button = menuButton(page)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    const panel = page.locator(`#${(await button.getAttribute('aria-controls'))!.replaceAll(':', '\\:')}`)
    expect(await panel.isVisible()).toBe(true)
    const categories = panel.getByRole('list', { name: 'Shop' })
    expect(await categories.getByRole('link').allInnerTexts()).toEqual(['Shoulder Bags', 'Tote Bags', 'Backpacks'])
    expect(await categories.getByRole('link', { name: 'Tote Bags' }).getAttribute('href')).toBe('/category/Tote')
    expect(await panel.getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(true)
    await viewportShot(page, 'layout-menu-visitor-phone')
    await axeClean(page, 'home with the phone menu open')

    // Escape closes it and gives focus back to its button
    await panel.getByRole('link', { name: 'Blogs' }).focus()
    await page.keyboard.press('Escape')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await panel.isVisible()).toBe(false)
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
    // a tap beside it closes it too
    await button.click()
    await page.mouse.click(VIEWPORTS.phone.width / 2, VIEWPORTS.phone.height - 20)
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a signed-in customer: the menu of any page holds the dashboard links; the dashboard has no second menu', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await logIn(page, DEMO.customer)
    await menuButton(page).click()
    const dashboardLinks = mainNav(page).getByRole('list', { name: 'Dashboard' })
    await dashboardLinks.waitFor()
    expect(await dashboardLinks.getByRole('link').allInnerTexts()).toEqual([
      'My Orders',
      'My Wishlist',
      'My Offers',
      'Messages',
      'Notifications',
      'Saved searches',
      'Addresses',
      'Mail preferences',
    ])
    expect(await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href')).toBe(
      '/dashboard/myOrders',
    )
    expect(await mainNav(page).getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true)
    await axeClean(page, 'signed-in home with the phone menu open')
    await dashboardLinks.getByRole('link', { name: 'My Orders' }).click()
    await page.waitForURL('**/dashboard/myOrders')
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor()
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false')
    // one menu: the dashboard's side menu is not on a phone, and nothing else opens one
    expect(await sideMenu(page).isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Dashboard links' }).count()).toBe(0)
    expect(await mainNav(page).getByRole('link', { name: 'Shop', exact: true }).isVisible()).toBe(true)
    await axeClean(page, 'my orders (phone)')

    // desktop: Shop in the bar, the side menu beside the page
    await page.setViewportSize(VIEWPORTS.desktop)
    expect(await mainNav(page).getByRole('link', { name: 'Shop', exact: true }).isVisible()).toBe(true)
    expect(await menuButton(page).isVisible()).toBe(false)
    expect(await sideMenu(page).getByRole('link').allInnerTexts()).toEqual([
      'My Orders',
      'My Wishlist',
      'My Offers',
      'Messages',
      'Notifications',
      'Saved searches',
      'Addresses',
      'Mail preferences',
    ])
    await axeClean(page, 'my orders (desktop)')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('stacked table cards (item 10)', () => {
  it('All Sellers and All Customers: no "Delete" label, emails break only at "@" or "."', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await logIn(page, DEMO.admin)
    let wrapped = 0
    for (const [path, heading] of [
      ['/dashboard/allSellers', 'All Sellers'],
      ['/dashboard/allCustomers', 'All Customers'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await page.locator('main tbody tr').first().waitFor()
      const labels = await stackedLabels(page)
      expect(labels.length).toBeGreaterThan(0)
      for (const card of labels) {
        expect(card).toContain('Email')
        expect(card).not.toContain('Delete')
      }
      // each card still has its Delete button
      expect(
        await page
          .locator('main tbody tr')
          .first()
          .getByRole('button', { name: /^Delete / })
          .isVisible(),
      ).toBe(true)
      const emails = await emailLineEnds(page)
      expect(emails.length).toBe(labels.length)
      for (const { email, ends } of emails) {
        for (const end of ends) expect(['@', '.'], `${email} breaks after "${end}"`).toContain(end)
        wrapped += ends.length > 0 ? 1 : 0
      }
      await screenshot(page, `layout-${heading.toLowerCase().replace(' ', '-')}-phone`)
      await axeClean(page, `${heading} (phone)`)
      await page.setViewportSize(VIEWPORTS.desktop)
      await axeClean(page, `${heading} (desktop)`)
      if (path.endsWith('allSellers')) await screenshot(page, 'layout-all-sellers-desktop')
      await page.setViewportSize(VIEWPORTS.phone)
    }
    // the phone's card is narrower than the demo addresses: some wrapped, so the check above checked something
    expect(wrapped).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('My Products: no "Image" or "Delete" label', async () => {
    const { page, context, errors } = await h.newPage('phone')
    await signIn(page, DEMO.verifiedSeller)
    await page.goto('/dashboard/myProducts')
    await page.getByRole('heading', { name: 'My Products', level: 1 }).waitFor()
    await page.locator('main tbody tr').first().waitFor()
    const labels = await stackedLabels(page)
    expect(labels.length).toBeGreaterThan(0)
    for (const card of labels) {
      expect(card).toContain('Price')
      expect(card).not.toContain('Image')
      expect(card).not.toContain('Delete')
    }
    expect(await page.locator('main tbody tr').first().getByRole('img').isVisible()).toBe(true)
    await screenshot(page, 'layout-my-products-phone')
    await axeClean(page, 'my products (phone)')
    await page.setViewportSize(VIEWPORTS.desktop)
    await axeClean(page, 'my products (desktop)')
    await screenshot(page, 'layout-my-products-desktop')
    expect(errors).toEqual([])
    await context.close()
  })

  it('Reported Items: every line of a card starts at the same place, the Reports row too', async () => {
    const customer = await h.newPage('desktop')
    await logIn(customer.page, DEMO.customer)
    const listings = await apiAs<{ _id: string }[]>(customer.page, '/api/categoryDetails/Backpacks')
    const report = await apiAs<{ insertedId?: string }>(customer.page, '/api/reports', {
      method: 'POST',
      body: { product_id: listings[0]!._id, reason: 'counterfeit', note: 'The stitching looks wrong.' },
    })
    expect(report.insertedId).toBeTruthy()
    await customer.context.close()

    const { page, context, errors } = await h.newPage('phone')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/reportedItems')
    await page.getByRole('heading', { name: 'Reported Items', level: 1 }).waitFor()
    const row = page.locator('main tbody tr').first()
    await row.waitFor()
    const labels = await stackedLabels(page)
    expect(labels[0]).toEqual(['Listing', 'Seller', 'Reports', 'Reasons', 'Reported'])
    // every line's label and value start where the others' do (the Reports count was centred in its column)
    const lines = await row.evaluate((tr) =>
      [...tr.querySelectorAll(':scope > td, :scope > th')]
        .filter((cell) => getComputedStyle(cell).display !== 'none')
        .map((cell) => ({
          align: getComputedStyle(cell).textAlign,
          valueX: cell.firstElementChild!.getBoundingClientRect().x,
        })),
    )
    for (const line of lines) expect(['left', 'start']).toContain(line.align)
    const labelled = lines.slice(0, 5)
    expect(new Set(labelled.map((line) => Math.round(line.valueX))).size).toBe(1)
    const emails = await emailLineEnds(page)
    expect(emails.length).toBeGreaterThan(0)
    for (const { email, ends } of emails) {
      for (const end of ends) expect(['@', '.'], `${email} breaks after "${end}"`).toContain(end)
    }
    await screenshot(page, 'layout-reported-items-phone')
    await axeClean(page, 'reported items (phone)')
    await page.setViewportSize(VIEWPORTS.desktop)
    await axeClean(page, 'reported items (desktop)')
    expect(errors).toEqual([])
    await context.close()
  })
})
