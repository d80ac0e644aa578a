import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ORIGIN, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { expectHtml, metaContent, textOf, titleOf } from '../../../test/html.ts'
import { multipart, pngPhoto } from '../../../test/upload.ts'

// The blog's pages as a search engine or a phone without JavaScript gets them: rendered from the real web build.

const webDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url))

let t: TestApp
let admin: Session
let cover = ''

beforeAll(async () => {
  if (!existsSync(`${webDist}/server/index.js`)) throw new Error(`${webDist} is not built: run npm run build first`)
  t = await buildTestApp({
    WEB_DIST: webDist,
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAIL,
    RATE_LIMIT_FACTOR: '100',
  })
  admin = await signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada' })
  const { payload, headers } = multipart(await pngPhoto('#7a3b2e', { width: 900, height: 600 }))
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/posts/images',
    headers: { ...admin.bearer, ...headers },
    payload,
  })
  cover = up.json().data.url
  await write({
    title: 'Caring for suede',
    slug: 'caring-for-suede',
    cover,
    published: true,
    body: [
      'Suede needs a **soft brush** and a dry day. Keep it away from rain.',
      '',
      '## Stains',
      '',
      '- Blot, do not rub',
      '- Use an [eraser](https://example.com/eraser)',
      '',
      '<script>alert("body")</script> [bad](javascript:alert(1)) <img src=x onerror=alert(2)>',
    ].join('\n'),
  })
  await write({ title: 'Hidden plans', slug: 'hidden-plans', body: 'Not yet.', published: false })
})
afterAll(async () => {
  await t?.close()
})

function write(payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/posts', headers: { origin: ORIGIN, ...admin.bearer }, payload })
}

const page = (url: string, session?: Session) =>
  t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} })

/** The page's markup outside its scripts and templates: what the post's body became. */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? ''

describe('the blog without JavaScript', () => {
  it('/blogs lists the published posts from the database, each card a link to its page; never a draft', async () => {
    const html = expectHtml(await page('/blogs'))
    const text = textOf(html)
    expect(text).toContain('Our Blog')
    expect(text).toContain('Catch Our Latest Blogs on technology and Libraries')
    expect(text).toContain('Caring for suede')
    expect(text).toContain('Suede needs a soft brush and a dry day.')
    expect(html).toContain('href="/blogs/caring-for-suede"')
    expect(text).not.toContain('Hidden plans')
  })

  it('/blogs/:slug holds the post, its title, description, canonical, share tags with the cover, and BlogPosting', async () => {
    const html = expectHtml(await page('/blogs/caring-for-suede'))
    const main = mainOf(html)
    expect(main).toMatch(/<h1[^>]*>Caring for suede<\/h1>/)
    expect(main).toMatch(/<h2[^>]*>Stains<\/h2>/)
    expect(main).toMatch(/<strong[^>]*>soft brush<\/strong>/)
    expect(main).toContain('href="https://example.com/eraser"')
    expect(titleOf(html)).toBe('Caring for suede | Preloved Bags Co.')
    expect(metaContent(html, 'description')).toMatch(/^Suede needs a soft brush and a dry day\./)
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/blogs/caring-for-suede"/>')
    expect(metaContent(html, 'og:type')).toBe('article')
    expect(metaContent(html, 'og:image')).toBe(`http://localhost:3000${cover}`)
    expect(metaContent(html, 'og:title')).toBe('Caring for suede | Preloved Bags Co.')
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    )
    expect(ld).toEqual([
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: 'Caring for suede',
        image: [`http://localhost:3000${cover}`],
        mainEntityOfPage: 'http://localhost:3000/blogs/caring-for-suede',
      }),
    ])
    // HTML in the body is text; a javascript: link is words, not a link
    expect(main).toContain('&lt;script&gt;alert(&quot;body&quot;)&lt;/script&gt;')
    expect(main).not.toMatch(/<script/i)
    expect(main).not.toMatch(/<img[^>]*onerror|href="javascript:/i)
    // a reading page: its scripts wait for the visitor's first touch
    expect(html).toContain('<template id="deferred-scripts">')
  })

  it('an unknown slug, or a draft for anyone but an admin, is the 404 page with status 404', async () => {
    for (const slug of ['no-such-post', 'hidden-plans', '%E0%A4%A', 'x'.repeat(300)]) {
      const html = expectHtml(await page(`/blogs/${slug}`), 404)
      expect(titleOf(html), slug).toBe('Page not found | Preloved Bags Co.')
    }
    const asAdmin = expectHtml(await page('/blogs/hidden-plans', admin))
    expect(textOf(asAdmin)).toContain('Not yet.')
  })

  it('the footer shows only the social links set, and a change shows on the next page at once', async () => {
    const before = expectHtml(await page('/blogs'))
    expect(before).not.toContain('aria-label="Social media"')
    expect(before).not.toMatch(/href="https:\/\/www\.facebook\.com\/"/)
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { origin: ORIGIN, ...admin.bearer },
      payload: {
        blogTagline: 'Notes from our checkers',
        facebook: null,
        instagram: 'https://www.instagram.com/prelovedbags',
        x: null,
        pinterest: null,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const after = expectHtml(await page('/blogs'))
    expect(after).toContain('aria-label="Social media"')
    expect(after).toContain('href="https://www.instagram.com/prelovedbags"')
    expect(after).toContain('aria-label="Preloved Bags Co. on Instagram"')
    expect(after).not.toContain('on Facebook')
    expect(textOf(after)).toContain('Notes from our checkers')
    expect(expectHtml(await page('/'))).toContain('href="https://www.instagram.com/prelovedbags"')
  })
})
