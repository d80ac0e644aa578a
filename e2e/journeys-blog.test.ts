// The blog the shop writes itself, and the footer's social links as settings. An admin
// writes a post with a preview and publishes it, a visitor reads it at /blogs/:slug, a draft stays hidden; the admin
// sets the shop's social pages and the footer shows only those. axe on each new screen at phone and desktop widths.

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngPhoto } from '../apps/server/test/upload.ts'
import {
  allA11yViolations,
  DEMO,
  type Harness,
  screenshot,
  signIn,
  startHarness,
  stopMotion,
  VIEWPORTS,
} from './harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h?.close())

const TITLE = 'Five things to check before you buy a tote'
const SLUG = 'five-things-to-check-before-you-buy-a-tote'
const BODY = [
  'A tote carries everything, so it wears first where it works hardest. Check these **five places** before you book.',
  '',
  '## Handles and corners',
  '',
  '- Look for cracked edge paint on the handles',
  '- Turn the bag over and check the corners',
  '',
  'Read our [leather care guide](/blogs/leather-care-for-preloved-bags) too.',
  '',
  '<script>window.hacked = true</script>',
].join('\n')

const coverPng = () => pngPhoto('#a0522d', { width: 1200, height: 800 })

async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.locator('main [role="status"][aria-label="Loading"]').first().waitFor({ state: 'detached' })
  await stopMotion(page)
}

describe('the blog, written by the admin', () => {
  it('an admin writes a post with a preview and publishes it; a visitor reads it at /blogs/:slug', async () => {
    const { page, context, errors } = await h.newPage('desktop')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/allSellers')
    // "Posts" is in the admin's menu
    await page.getByRole('link', { name: 'Posts', exact: true }).first().click()
    await page.waitForURL('**/dashboard/posts')
    await page.getByRole('heading', { name: 'Posts', level: 1 }).waitFor()
    // the demo posts are there, the original questions and the bag articles
    await page.getByText('How to spot a counterfeit designer bag').waitFor()
    await page.getByRole('link', { name: 'New post' }).click()
    await page.waitForURL('**/dashboard/posts/new')

    await page.getByLabel('Title', { exact: true }).fill(TITLE)
    // the slug follows the title until it is edited
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe(SLUG)
    await page
      .getByLabel('Cover photo')
      .setInputFiles({ name: 'tote.png', mimeType: 'image/png', buffer: await coverPng() })
    await page.getByRole('img', { name: 'Cover preview' }).waitFor()
    await page.getByLabel('Body (markdown)').fill(BODY)

    await page.getByRole('tab', { name: 'Preview' }).click()
    const preview = page.getByRole('region', { name: 'Preview of the post' })
    await preview.getByRole('heading', { name: TITLE, level: 2 }).waitFor()
    await preview.getByRole('heading', { name: 'Handles and corners' }).waitFor()
    expect(await preview.locator('strong').innerText()).toBe('five places')
    expect(await preview.getByRole('link', { name: 'leather care guide' }).getAttribute('href')).toBe(
      '/blogs/leather-care-for-preloved-bags',
    )
    // HTML in the body is shown as text, never run
    await preview.getByText('<script>window.hacked = true</script>').waitFor()
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined()
    expect(await allA11yViolations(page)).toEqual([])
    await screenshot(page, 'blog-editor-preview-desktop')

    await page.getByRole('tab', { name: 'Write' }).click()
    await page.getByLabel('Published (visible to everyone at /blogs)').check()
    await page.getByRole('button', { name: 'Save post' }).click()
    await page.getByText('Post published').waitFor()
    await page.waitForURL(`**/dashboard/posts/${SLUG}/edit`)
    expect(errors).toEqual([])
    await context.close()

    // a signed-out visitor on a phone finds it on /blogs and opens it
    const visitor = await h.newPage('phone')
    await visitor.page.goto('/blogs')
    const card = visitor.page.getByRole('link', { name: TITLE })
    expect(await card.getAttribute('href')).toBe(`/blogs/${SLUG}`)
    await card.click()
    await visitor.page.waitForURL(`**/blogs/${SLUG}`)
    await visitor.page.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
    await visitor.page.getByText('Check these five places before you book.').waitFor()
    await visitor.page.getByText('<script>window.hacked = true</script>').waitFor()
    expect(await visitor.page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined()
    const cover = await visitor.page.locator('main article img').first().getAttribute('src')
    expect(cover).toMatch(/^\/uploads\/[0-9a-f]+-800\.webp$/)
    expect(await visitor.page.title()).toBe(`${TITLE} | Preloved Bags Co.`)
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
  })

  it("a draft is seen in the admin's list, never by a visitor (404 at its address)", async () => {
    const { page, context } = await h.newPage('desktop')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/posts/new')
    await page.getByLabel('Title', { exact: true }).fill('Our autumn sale plans')
    await page.getByLabel('Body (markdown)').fill('Not ready yet.')
    await page.getByRole('button', { name: 'Save post' }).click()
    await page.getByText('Draft saved').waitFor()
    await page.goto('/dashboard/posts')
    const row = page.getByRole('listitem').filter({ hasText: 'Our autumn sale plans' })
    await row.getByText('Draft', { exact: true }).waitFor()
    await context.close()

    const visitor = await h.newPage('desktop')
    await visitor.page.goto('/blogs')
    await visitor.page.getByRole('heading', { name: 'Our Blog', level: 1 }).waitFor()
    expect(await visitor.page.getByText('Our autumn sale plans').count()).toBe(0)
    const res = await visitor.page.goto('/blogs/our-autumn-sale-plans')
    expect(res?.status()).toBe(404)
    await visitor.page.getByText("Page doesn't exist or an error occurred").waitFor()
    const unknown = await visitor.page.goto('/blogs/no-such-post')
    expect(unknown?.status()).toBe(404)
    await visitor.context.close()
  })

  it('the admin sets the social links and the tagline: the footer shows only those links, the hero the tagline', async () => {
    const before = await h.newPage('desktop')
    await before.page.goto('/')
    expect(await before.page.locator('footer').getByRole('list', { name: 'Social media' }).count()).toBe(0)
    expect(await before.page.locator('footer a[href*="facebook.com"]').count()).toBe(0)
    await before.context.close()

    const { page, context } = await h.newPage('desktop')
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/allSellers')
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click()
    await page.waitForURL('**/dashboard/settings')
    // a network's home page is not the shop's page
    await page.getByLabel('Facebook page').fill('https://www.facebook.com/')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Facebook link must be an https address of your page on facebook.com').waitFor()
    await page.getByLabel('Facebook page').fill('')
    await page.getByLabel('Instagram page').fill('https://www.instagram.com/prelovedbagsco')
    await page.getByLabel('Pinterest page').fill('https://www.pinterest.com/prelovedbagsco/')
    await page.getByLabel('Blog tagline').fill('Guides to buying, caring for and selling preloved bags')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.getByText('Settings saved').waitFor()
    await context.close()

    const visitor = await h.newPage('phone')
    await visitor.page.goto('/blogs')
    await visitor.page.getByText('Guides to buying, caring for and selling preloved bags').waitFor()
    const social = visitor.page.locator('footer').getByRole('list', { name: 'Social media' }).getByRole('link')
    expect(
      await social.evaluateAll((as) => as.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])),
    ).toEqual([
      ['Preloved Bags Co. on Instagram', 'https://www.instagram.com/prelovedbagsco'],
      ['Preloved Bags Co. on Pinterest', 'https://www.pinterest.com/prelovedbagsco/'],
    ])
    await visitor.context.close()
  })
})

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('the new screens at %s width', (viewport) => {
  it('pass axe, and are photographed: /blogs, a post, the Posts list and editor, Settings', async () => {
    const found: Record<string, string[]> = {}
    const check = async (page: Page, name: string) => {
      await settle(page)
      const violations = await allA11yViolations(page)
      if (violations.length > 0) found[name] = violations
    }
    const visitor = await h.newPage(viewport)
    await visitor.page.goto('/blogs')
    await check(visitor.page, '/blogs')
    await screenshot(visitor.page, `blogs-${viewport}`)
    await visitor.page.goto('/blogs/how-to-spot-a-counterfeit-designer-bag')
    await check(visitor.page, 'post')
    await screenshot(visitor.page, `blog-post-${viewport}`)
    await visitor.context.close()

    const { page, context } = await h.newPage(viewport)
    await signIn(page, DEMO.admin)
    await page.goto('/dashboard/posts')
    await check(page, 'posts')
    await screenshot(page, `blog-posts-list-${viewport}`)
    await page.goto('/dashboard/posts/what-our-condition-grades-mean/edit')
    await page.getByLabel('Title', { exact: true }).waitFor()
    await check(page, 'editor')
    await screenshot(page, `blog-editor-${viewport}`)
    await page.getByRole('tab', { name: 'Preview' }).click()
    await check(page, 'editor preview')
    await screenshot(page, `blog-editor-preview-${viewport}`)
    await page.goto('/dashboard/posts/new')
    await page.getByRole('button', { name: 'Save post' }).click()
    await page.getByText('Title is required').waitFor()
    await check(page, 'editor with errors')
    await page.goto('/dashboard/settings')
    await page.getByLabel('Blog tagline').waitFor()
    await check(page, 'settings')
    await screenshot(page, `settings-${viewport}`)
    await context.close()
    expect(found).toEqual({})
  }, 180_000)
})
