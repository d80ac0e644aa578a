import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ORIGIN, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { multipart, pngPhoto } from '../../../test/upload.ts'
import { posts } from '../../db/schema/index.ts'
import { cleanupOrphanImages } from '../images/images.service.ts'

let t: TestApp
let admin: Session
let customer: Session
let seller: Session

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '10' })
  ;[admin, customer, seller] = await Promise.all([
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada' }),
    signUp(t.app, { email: 'pc@example.test', role: 'customer' }),
    signUp(t.app, { email: 'ps@example.test', role: 'seller' }),
  ])
})
afterAll(() => t.close())

const write = (payload: object, who: Session = admin) =>
  t.app.inject({ method: 'POST', url: '/api/posts', headers: { origin: ORIGIN, ...who.bearer }, payload })
const change = (id: string, payload: object, who: Session = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: { origin: ORIGIN, ...who.bearer }, payload })
const read = (slug: string, who?: Session) =>
  t.app.inject({ url: `/api/posts/${encodeURIComponent(slug)}`, headers: who ? who.bearer : {} })
const post = (over: object = {}) => ({ title: 'A post', body: 'Some **text**.', published: true, ...over })

describe('writing posts', () => {
  it('makes the slug from the title, stores the post and dates its publication', async () => {
    const res = await write(post({ title: 'Leather Care: the Basics!', body: '# Hi\n\nText' }))
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ slug: 'leather-care-the-basics', title: 'Leather Care: the Basics!', published: true })
    expect(body.published_at).toEqual(expect.any(String))
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, body._id))
    expect(row).toMatchObject({ slug: 'leather-care-the-basics', body: '# Hi\n\nText', published: true })
  })

  it('takes an edited slug, and refuses one another post has with 409', async () => {
    const first = await write(post({ title: 'Date codes', slug: 'reading-date-codes' }))
    expect(first.json().slug).toBe('reading-date-codes')
    const again = await write(post({ title: 'Reading date codes' }))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Slug is already used by another post',
    })
    const other = await write(post({ title: 'Other', slug: 'other-slug' }))
    const clash = await change(other.json()._id, post({ title: 'Other', slug: 'reading-date-codes' }))
    expect(clash.statusCode).toBe(409)
  })

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(141) }, 'Title must be at most 140 characters'],
    [{ title: undefined }, 'Title is required'],
    [{ body: '   ' }, 'Body is required'],
    [{ slug: 'Not A Slug' }, 'Slug may use lowercase letters, digits and single hyphens only'],
    [{ slug: 'double--hyphen' }, 'Slug may use lowercase letters, digits and single hyphens only'],
    [{ slug: 'all' }, 'Slug "all" is reserved: choose another'],
    [{ title: '!!!' }, 'Slug is required: the title has no letters or digits to make one from'],
    [{ published: 'yes' }, 'published must be true or false'],
    [{ cover: 'https://evil.example/x.webp' }, 'Cover must be a photo uploaded here'],
    [{ cover: 'javascript:alert(1)' }, 'Cover must be a photo uploaded here'],
  ])('refuses %o with 400 naming the field', async (over, message) => {
    const res = await write(post({ title: `T ${Math.random()}`, ...over }))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
  })

  it('uploads a cover through the images pipeline; a post keeps it from the sweep of unused photos', async () => {
    const { payload, headers } = multipart(await pngPhoto('#336699', { width: 1200, height: 800 }))
    const asSeller = await t.app.inject({
      method: 'POST',
      url: '/api/posts/images',
      headers: { ...seller.bearer, ...headers },
      payload,
    })
    expect(asSeller.statusCode).toBe(403)
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/posts/images',
      headers: { ...admin.bearer, ...headers },
      payload,
    })
    expect(up.statusCode).toBe(200)
    const { url, thumb, width } = up.json().data
    expect(url).toMatch(/^\/uploads\/[0-9a-f]+-800\.webp$/)
    expect(width).toBe(1200)
    const res = await write(post({ title: 'With a cover', cover: url }))
    expect(res.json()).toMatchObject({ cover: url, coverThumb: thumb })
    // a day later the sweep of unused uploads keeps both sizes
    expect(await cleanupOrphanImages(t.database.db, t.app.images, -1)).toBe(0)
    expect((await t.app.inject({ url })).statusCode).toBe(200)
    const svg = multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
      filename: 'x.svg',
      type: 'image/svg+xml',
    })
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/posts/images',
      headers: { ...admin.bearer, ...svg.headers },
      payload: svg.payload,
    })
    expect(refused.statusCode).toBe(415)
  })

  it('changes a post; publishing dates it once, and back to draft hides it', async () => {
    const draft = (await write(post({ title: 'Draft to be', published: false }))).json()
    expect(draft.published_at).toBeNull()
    const published = await change(draft._id, post({ title: 'Now public', slug: draft.slug, published: true }))
    expect(published.statusCode).toBe(200)
    expect(published.json()).toMatchObject({ title: 'Now public', published: true })
    const firstDate = published.json().published_at
    expect(firstDate).toEqual(expect.any(String))
    await change(draft._id, post({ title: 'Now public', slug: draft.slug, published: false }))
    expect((await read(draft.slug)).statusCode).toBe(404)
    const again = await change(draft._id, post({ title: 'Now public', slug: draft.slug, published: true }))
    expect(again.json().published_at).toBe(firstDate)
  })

  it('deletes a post; an unknown or malformed id is 404', async () => {
    const { _id, slug } = (await write(post({ title: 'Short lived' }))).json()
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${_id}`,
      headers: { origin: ORIGIN, ...admin.bearer },
    })
    expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 })
    expect((await read(slug)).statusCode).toBe(404)
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/posts/${_id}`, headers: admin.bearer })
    expect(gone.statusCode).toBe(404)
    expect((await change('not-a-uuid', post())).statusCode).toBe(404)
  })

  it('refuses every write to customers, sellers and anonymous callers', async () => {
    expect((await write(post({ title: 'By a customer' }), customer)).statusCode).toBe(403)
    expect((await write(post({ title: 'By a seller' }), seller)).statusCode).toBe(403)
    const anon = await t.app.inject({ method: 'POST', url: '/api/posts', payload: post({ title: 'Anon' }) })
    expect(anon.statusCode).toBe(401)
    const rows = await t.database.db.select().from(posts)
    expect(rows.some((r) => ['By a customer', 'By a seller', 'Anon'].includes(r.title))).toBe(false)
  })
})

describe('reading posts', () => {
  it('lists published posts only, newest first; a draft is 404 to all but admins, who also list it', async () => {
    await write(post({ title: 'Secret draft', slug: 'secret-draft', published: false }))
    await write(post({ title: 'Fresh news', slug: 'fresh-news' }))
    const list = await t.app.inject({ url: '/api/posts' })
    expect(list.statusCode).toBe(200)
    const slugs = list.json().map((p: { slug: string }) => p.slug)
    expect(slugs[0]).toBe('fresh-news')
    expect(slugs).not.toContain('secret-draft')
    expect(list.json().every((p: { published: boolean }) => p.published)).toBe(true)

    expect((await read('secret-draft')).statusCode).toBe(404)
    expect((await read('secret-draft', customer)).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Post not found',
    })
    expect((await read('secret-draft', seller)).statusCode).toBe(404)
    expect((await read('secret-draft', admin)).json()).toMatchObject({ title: 'Secret draft', published: false })
    expect((await read('fresh-news')).json()).toMatchObject({ title: 'Fresh news', body: 'Some **text**.' })
    expect((await read('no-such-post')).statusCode).toBe(404)

    const all = await t.app.inject({ url: '/api/posts/all', headers: admin.bearer })
    expect(all.json().map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining(['secret-draft', 'fresh-news']),
    )
    expect((await t.app.inject({ url: '/api/posts/all', headers: customer.bearer })).statusCode).toBe(403)
  })

  it('lists published posts in the sitemap, never a draft', async () => {
    const xml = (await t.app.inject({ url: '/sitemap.xml' })).body
    expect(xml).toContain('/blogs/fresh-news</loc><lastmod>')
    expect(xml).not.toContain('secret-draft')
  })
})
