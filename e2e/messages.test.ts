import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages, conversations, orders, products, users } from '../apps/server/src/db/schema/index.ts'
import {
  allA11yViolations,
  apiAs,
  DEMO,
  type Harness,
  liveStream,
  logIn,
  markStay,
  screenshot,
  startHarness,
  stayed,
  type VIEWPORTS,
  viewportShot,
} from './harness.ts'

// A buyer writes to a seller from the bag's page (a phone number in it is hidden, with the note), the
// seller's open dashboard page counts it in the menu at once (live), the seller answers from the inbox in a second
// browser, and the answer appears in the buyer's open thread without a reload. Then a block and its neutral refusal, a
// report, the admin's queue and removal, the phone's list → thread → back, and axe on every screen.
let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

async function signedIn(email: string, viewport: keyof typeof VIEWPORTS = 'desktop') {
  const { page, context, errors } = await h.newPage(viewport)
  await logIn(page, email)
  return { page, context, errors }
}

/** Console errors: every one counts (the live stream, GET /api/events, is part of the build). */
const realErrors = (errors: string[]) => errors

/** The menu's "Messages" link as it reads with `n` unread. */
const menuText = (n: number) => (n === 0 ? /^Messages$/ : new RegExp(`^Messages\\s*${n}\\s*unread$`))

const thread = (page: Page) => page.getByRole('list', { name: 'Messages' })
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / })

/** An available bag of the verified demo seller that no demo order or conversation uses. */
async function freshBagOf(email: string) {
  const db = h.app.db
  const [seller] = await db.select().from(users).where(eq(users.email, email))
  const used = [
    ...(await db.select({ id: orders.productId }).from(orders)).map((r) => r.id),
    ...(await db.select({ id: conversations.productId }).from(conversations)).map((r) => r.id),
  ]
  const [bag] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.sellerId, seller!.id),
        eq(products.status, 'available'),
        eq(products.advertisement, false),
        used.length ? notInArray(products.id, used) : undefined,
      ),
    )
    .orderBy(asc(products.createdAt))
    .limit(1)
  return { seller: seller!, bag: bag! }
}

describe('messages between a buyer and a seller', () => {
  it('the buyer writes from the bag, the seller answers in a second browser, the answer appears without reload', async () => {
    const { seller, bag } = await freshBagOf(DEMO.verifiedSeller)
    const buyer = await signedIn(DEMO.customer)
    const sellerPage = await signedIn(DEMO.verifiedSeller)

    // the seller waits on a dashboard page other than the inbox: the menu counts what is unread now
    const sellerLive = liveStream(sellerPage.page)
    await sellerPage.page.goto('/dashboard/myProducts')
    await sellerPage.page.getByRole('heading', { name: 'My Products', level: 1 }).waitFor()
    await sellerLive
    const menuLink = sellerPage.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /^Messages/ })
    const unreadBefore = (await apiAs<{ unread: number }>(sellerPage.page, '/api/conversations/unread')).unread
    await expect.poll(() => menuLink.innerText(), { timeout: 10_000 }).toMatch(menuText(unreadBefore))
    await markStay(sellerPage.page)

    // the buyer, on the bag's page
    await buyer.page.goto(`/product/${bag.id}`)
    await buyer.page.getByRole('button', { name: `Message the seller about ${bag.title}` }).click()
    const dialog = buyer.page.getByRole('dialog', { name: 'Message the seller' })
    await dialog.waitFor()
    expect(await allA11yViolations(buyer.page)).toEqual([])
    await viewportShot(buyer.page, 'messages-ask-1440')
    await dialog.getByRole('button', { name: 'Send' }).click()
    await dialog.getByText('Write a message first.').waitFor()
    await dialog
      .getByRole('textbox', { name: 'Your message to the seller' })
      .fill('Hello! Is the strap leather? You can call me on 07700 900123.')
    await dialog.getByRole('button', { name: 'Send' }).click()
    await buyer.page.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/)
    const conversationId = buyer.page.url().split('/').at(-1)!
    await thread(buyer.page).getByText('Hello! Is the strap leather? You can call me on [hidden].').waitFor()
    await buyer.page.getByText('Contact details were hidden. Keep your conversation').waitFor()
    const [stored] = await h.app.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId))
    expect(stored).toMatchObject({ masked: true, text: 'Hello! Is the strap leather? You can call me on [hidden].' })
    await markStay(buyer.page)

    // the seller's open page counts the new message at once (live), with no reload: no poll runs while connected
    await expect.poll(() => menuLink.innerText(), { timeout: 10_000 }).toMatch(menuText(unreadBefore + 1))
    expect(await stayed(sellerPage.page)).toBe(true)

    // the seller: the menu counts it, the inbox lists it unread with the bag's photo
    await sellerPage.page.goto('/dashboard/messages')
    await sellerPage.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor()
    // the seller's other unread messages (a demo conversation) count too
    const unread = (await apiAs<{ unread: number }>(sellerPage.page, '/api/conversations/unread')).unread
    expect(unread).toBe(unreadBefore + 1)
    await expect.poll(() => menuLink.innerText(), { timeout: 15_000 }).toMatch(menuText(unread))
    const item = sellerPage.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link')
      .filter({ hasText: bag.title })
    expect(await item.innerText()).toMatch(/1\s*unread/)
    expect(await item.locator('img').getAttribute('src')).toBe(bag.thumb)
    expect(await allA11yViolations(sellerPage.page)).toEqual([])
    await screenshot(sellerPage.page, 'messages-inbox-1440')
    await item.click()
    await sellerPage.page.waitForURL(`**/dashboard/messages/${conversationId}`)
    await thread(sellerPage.page).getByText('You can call me on [hidden].').waitFor()
    // read: the unread counts go
    await expect.poll(() => item.innerText(), { timeout: 15_000 }).not.toContain('unread')
    await expect.poll(() => menuLink.innerText(), { timeout: 15_000 }).toMatch(menuText(unread - 1))
    await composer(sellerPage.page).fill('Yes, full leather, and the dust bag is included.')
    await composer(sellerPage.page).press('Enter')
    await thread(sellerPage.page).getByText('Yes, full leather, and the dust bag is included.').waitFor()
    expect(await composer(sellerPage.page).inputValue()).toBe('')
    expect(await allA11yViolations(sellerPage.page)).toEqual([])
    await screenshot(sellerPage.page, 'messages-thread-1440')

    // the buyer's open thread shows the answer, with no reload
    await thread(buyer.page).getByText('Yes, full leather, and the dust bag is included.').waitFor({ timeout: 25_000 })
    expect(await stayed(buyer.page)).toBe(true)
    const rows = await h.app.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(asc(chatMessages.seq))
    expect(rows.map((r) => [r.seq, r.senderId === seller.id])).toEqual([
      [1, false],
      [2, true],
    ])

    // the seller blocks the buyer: the buyer's next message gets a neutral refusal; unblocked, it goes through
    await sellerPage.page.getByRole('button', { name: 'Block Emma Wilson' }).click()
    const confirm = sellerPage.page.getByRole('dialog', { name: 'Block Emma Wilson?' })
    expect(await allA11yViolations(sellerPage.page)).toEqual([])
    await confirm.getByRole('button', { name: 'Block', exact: true }).click()
    await sellerPage.page.getByText('You blocked Emma Wilson. Neither of you can send messages').waitFor()
    expect(await composer(sellerPage.page).count()).toBe(0)
    await composer(buyer.page).fill('Are you still there?')
    await buyer.page.getByRole('button', { name: 'Send' }).click()
    await buyer.page.getByRole('alert').filter({ hasText: 'Messages cannot be sent in this conversation.' }).waitFor()
    expect((await buyer.page.getByRole('alert').allInnerTexts()).join(' ').toLowerCase()).not.toContain('block')
    await sellerPage.page.getByRole('button', { name: 'Unblock Emma Wilson' }).click()
    await composer(sellerPage.page).waitFor()
    await buyer.page.getByRole('button', { name: 'Send' }).click()
    await thread(buyer.page).getByText('Are you still there?').waitFor()

    // the seller reports the buyer's first message
    await thread(sellerPage.page)
      .getByRole('listitem')
      .filter({ hasText: 'You can call me on [hidden].' })
      .getByRole('button', { name: 'Report this message' })
      .click()
    const report = sellerPage.page.getByRole('dialog', { name: 'Report this message' })
    await report.getByRole('radio', { name: 'Asks to pay or talk outside Preloved Bags Co.' }).check()
    expect(await allA11yViolations(sellerPage.page)).toEqual([])
    await report.getByRole('button', { name: 'Send report' }).click()
    await report.waitFor({ state: 'hidden' })

    // the blocked send was refused (403) by design; nothing else went wrong
    expect(realErrors(buyer.errors).filter((e) => !e.includes('status of 403 (Forbidden)'))).toEqual([])
    expect(realErrors(sellerPage.errors)).toEqual([])
    await buyer.context.close()
    await sellerPage.context.close()
  })

  it('the admin reads a reported conversation from the queue, read-only, and removes the message', async () => {
    const admin = await signedIn(DEMO.admin)
    await admin.page.goto('/dashboard/reportedMessages')
    await admin.page.getByRole('heading', { name: 'Reported messages', level: 1 }).waitFor()
    const card = admin.page.getByRole('article').filter({ hasText: 'You can call me on [hidden].' })
    await card.waitFor()
    expect(await card.innerText()).toContain('Asks to pay or talk outside Preloved Bags Co.')
    expect(await allA11yViolations(admin.page)).toEqual([])
    await screenshot(admin.page, 'messages-reported-1440')
    await card.getByRole('link', { name: 'Read the conversation' }).click()
    await admin.page.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/)
    await admin.page.getByText('You are reading this conversation as a moderator').waitFor()
    await thread(admin.page).getByText('Yes, full leather').waitFor()
    expect(await composer(admin.page).count()).toBe(0)
    expect(await allA11yViolations(admin.page)).toEqual([])
    await admin.page.goBack()
    await card.getByRole('button', { name: 'Remove message' }).click()
    const dialog = admin.page.getByRole('dialog', { name: 'Remove this message?' })
    await dialog.getByRole('textbox').fill('Asked to be called outside the platform.')
    await dialog.getByRole('button', { name: 'Remove message' }).click()
    await admin.page.getByText('The message was removed.').waitFor()
    await card.waitFor({ state: 'detached' })
    const removed = await h.app.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.text, 'This message was removed by a moderator.'))
    expect(removed).toHaveLength(1)

    // a disputed order's page leads the admin to its conversation (the demo's: Noah's phone number hidden)
    const [noah] = await h.app.db.select().from(users).where(eq(users.email, DEMO.otherCustomer))
    const [disputed] = await h.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.buyerId, noah!.id), eq(orders.status, 'disputed')))
    await admin.page.goto(`/dashboard/disputes/${disputed!.id}`)
    const panel = admin.page.getByRole('region', { name: /^Messages between Noah Patel and / })
    await panel.getByRole('link', { name: 'Read the conversation' }).click()
    await admin.page.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/)
    await thread(admin.page).getByText('Can you call me on [hidden] so we can sort it out?').waitFor()
    await admin.page.getByText('You are reading this conversation as a moderator').waitFor()
    expect(realErrors(admin.errors)).toEqual([])
    await admin.context.close()
  })

  it('on a phone: the list, a thread, back to the list; the demo conversation shows its hidden phone number', async () => {
    const noah = await signedIn(DEMO.otherCustomer, 'phone')
    await noah.page.goto('/dashboard/messages')
    // the phone's one menu counts the unread messages too
    const menuButton = noah.page.getByRole('button', { name: 'Menu' })
    await menuButton.click()
    const phoneLink = noah.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('list', { name: 'Dashboard' })
      .getByRole('link', { name: /^Messages/ })
    await expect.poll(() => phoneLink.innerText(), { timeout: 15_000 }).toMatch(/^Messages\s*2\s*unread$/)
    expect(await allA11yViolations(noah.page)).toEqual([])
    await viewportShot(noah.page, 'messages-menu-390')
    await menuButton.click()
    const list = noah.page.getByRole('list', { name: 'Conversations' })
    const demo = list.getByRole('link').filter({ hasText: 'Tory Burch McGraw Tote, tan' })
    await demo.waitFor()
    expect(await demo.innerText()).toMatch(/2\s*unread/)
    expect(await noah.page.getByRole('region', { name: 'Conversation', exact: true }).isVisible()).toBe(false)
    expect(await allA11yViolations(noah.page)).toEqual([])
    await screenshot(noah.page, 'messages-inbox-390')
    await demo.click()
    await thread(noah.page).getByText('Can you call me on [hidden] so we can sort it out?').waitFor()
    await noah.page.getByText('Contact details were hidden. Keep your conversation').waitFor()
    // one pane at a time: the list is out of the way
    expect(await list.isVisible()).toBe(false)
    expect(await composer(noah.page).isVisible()).toBe(true)
    expect(await allA11yViolations(noah.page)).toEqual([])
    await viewportShot(noah.page, 'messages-thread-390')
    await screenshot(noah.page, 'messages-thread-390-full')
    await noah.page.getByRole('link', { name: 'All messages' }).click()
    await noah.page.waitForURL('**/dashboard/messages')
    await list.waitFor()
    expect(await demo.innerText()).not.toContain('unread')
    expect(realErrors(noah.errors)).toEqual([])
    await noah.context.close()
  })

  it("an order's page links to its conversation, or offers to write the first message", async () => {
    const emma = await signedIn(DEMO.customer)
    const [me] = await h.app.db.select().from(users).where(eq(users.email, DEMO.customer))
    const mine = await h.app.db.select().from(orders).where(eq(orders.buyerId, me!.id))
    const talked = (await h.app.db.select({ id: conversations.productId }).from(conversations)).map((r) => r.id)
    const order = mine.find((o) => !talked.includes(o.productId))!
    await emma.page.goto(`/dashboard/orders/${order.id}`)
    const panel = emma.page.getByRole('region', { name: 'Messages' })
    await panel.getByText('No messages yet. Questions about this order? Write to the seller.').waitFor()
    await panel.getByRole('textbox', { name: 'Message to the seller' }).fill('When will it ship?')
    await panel.getByRole('button', { name: 'Send' }).click()
    await emma.page.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/)
    await thread(emma.page).getByText('When will it ship?').waitFor()
    await emma.page.getByRole('link', { name: 'View the order' }).click()
    await emma.page.waitForURL(`**/dashboard/orders/${order.id}`)
    await panel.getByRole('link', { name: 'Open the conversation' }).waitFor()
    expect(await allA11yViolations(emma.page)).toEqual([])
    const [c] = await h.app.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.productId, order.productId), inArray(conversations.buyerId, [me!.id])))
    expect(c).toMatchObject({ sellerId: order.sellerId, lastSeq: 1 })
    expect(realErrors(emma.errors)).toEqual([])
    await emma.context.close()
  })
})
