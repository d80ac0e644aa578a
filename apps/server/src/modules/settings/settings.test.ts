import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, ORIGIN, type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { settings } from '../../db/schema/index.ts'
import { readSettings } from './settings.repository.ts'

let t: TestApp
let admin: Session
let customer: Session
let seller: Session

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '10' })
  ;[admin, customer, seller] = await Promise.all([
    signUp(t.app, { email: ADMIN_EMAIL, name: 'Ada' }),
    signUp(t.app, { email: 'sc@example.test', role: 'customer' }),
    signUp(t.app, { email: 'ss@example.test', role: 'seller' }),
  ])
})
afterAll(() => t.close())

const none = { facebook: null, instagram: null, x: null, pinterest: null }
const save = (payload: object, who: Session | 'anonymous' = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { origin: ORIGIN, ...(who === 'anonymous' ? {} : who.bearer) },
    payload,
  })
const current = () => t.app.inject({ url: '/api/settings' })

describe('settings', () => {
  it('starts with the original tagline and no social links, answered with an ETag to revalidate', async () => {
    const res = await current()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ blogTagline: 'Catch Our Latest Blogs on technology and Libraries', ...none })
    expect(res.headers['cache-control']).toBe('no-cache')
    const etag = res.headers.etag as string
    expect((await t.app.inject({ url: '/api/settings', headers: { 'if-none-match': etag } })).statusCode).toBe(304)
  })

  it('stores what an admin saves: anyone reads it at once; an emptied link is gone', async () => {
    const body = {
      blogTagline: 'Notes on buying, caring for and selling preloved bags',
      facebook: 'https://www.facebook.com/prelovedbagsco',
      instagram: ' https://instagram.com/preloved.bags ',
      x: '',
      pinterest: null,
    }
    const res = await save(body)
    expect(res.statusCode).toBe(200)
    const expected = {
      blogTagline: body.blogTagline,
      facebook: 'https://www.facebook.com/prelovedbagsco',
      instagram: 'https://instagram.com/preloved.bags',
      x: null,
      pinterest: null,
    }
    expect(res.json()).toEqual(expected)
    expect((await current()).json()).toEqual(expected)
    const rows = await t.database.db.select().from(settings)
    expect(rows.map((r) => r.key).sort()).toEqual(['blogTagline', 'facebook', 'instagram'])

    await save({ ...expected, facebook: '' })
    expect((await current()).json().facebook).toBeNull()
  })

  it.each([
    [{ blogTagline: '' }, 'Blog tagline is required'],
    [{ blogTagline: 'x'.repeat(161) }, 'Blog tagline must be at most 160 characters'],
    [{ facebook: 'https://www.facebook.com/' }, 'Facebook link must be an https address of your page on facebook.com'],
    [{ facebook: 'https://facebook.com' }, 'Facebook link must be an https address of your page on facebook.com'],
    [{ facebook: 'http://facebook.com/shop' }, 'Facebook link must be an https address of your page on facebook.com'],
    [
      { facebook: 'https://evilfacebook.com/shop' },
      'Facebook link must be an https address of your page on facebook.com',
    ],
    [
      { facebook: 'https://facebook.com.evil.test/shop' },
      'Facebook link must be an https address of your page on facebook.com',
    ],
    [
      { instagram: 'javascript:alert(1)//instagram.com/x' },
      'Instagram link must be an https address of your page on instagram.com',
    ],
    [
      { instagram: 'https://user:pw@instagram.com/x' },
      'Instagram link must be an https address of your page on instagram.com',
    ],
    [{ x: 'https://x.com' }, 'X link must be an https address of your page on x.com'],
    [{ x: 'https://facebook.com/shop' }, 'X link must be an https address of your page on x.com'],
    [
      { pinterest: 'https://pinterest.com:8443/shop' },
      'Pinterest link must be an https address of your page on pinterest.com',
    ],
    [{ pinterest: 42 }, 'pinterest must be text or null'],
  ])('refuses %o with 400 naming the field, and keeps what was stored', async (over, message) => {
    const before = (await current()).json()
    const res = await save({ ...before, ...over })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
    expect((await current()).json()).toEqual(before)
  })

  const via = (label: string, redirector: string) =>
    `${label} link must lead straight to your page, not through a redirector or link shortener (${redirector})`
  it.each([
    [
      { facebook: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.test%2F&h=AT0' },
      via('Facebook', 'l.facebook.com'),
    ],
    [{ facebook: 'https://lm.facebook.com/l.php?u=https://evil.test/' }, via('Facebook', 'lm.facebook.com')],
    [{ facebook: 'https://www.facebook.com/l.php?u=https://evil.test/' }, via('Facebook', 'facebook.com/l.php')],
    [{ facebook: 'https://m.facebook.com/L.PHP?u=x' }, via('Facebook', 'facebook.com/l.php')],
    [{ facebook: 'https://www.facebook.com/l%2Ephp?u=x' }, via('Facebook', 'facebook.com/l.php')],
    [{ facebook: 'https://L.Facebook.com./x' }, via('Facebook', 'l.facebook.com')],
    [
      { facebook: 'https://www.facebook.com/flx/warn/?u=https%3A%2F%2Fevil.test' },
      via('Facebook', 'facebook.com/flx/warn'),
    ],
    [{ instagram: 'https://l.instagram.com/?u=https%3A%2F%2Fevil.test' }, via('Instagram', 'l.instagram.com')],
    [{ x: 'https://t.co/AbCdEf' }, via('X', 't.co')],
    [{ x: 'https://bit.ly/3xYz' }, via('X', 'bit.ly')],
    [{ pinterest: 'https://www.google.com/url?q=https://evil.test' }, via('Pinterest', 'google.com/url')],
    [{ pinterest: 'https://out.reddit.com/t3_x?url=https%3A%2F%2Fevil.test' }, via('Pinterest', 'out.reddit.com')],
    [{ pinterest: 'https://www.youtube.com/redirect?q=https://evil.test' }, via('Pinterest', 'youtube.com/redirect')],
    [{ pinterest: 'https://pin.it/abc' }, via('Pinterest', 'pin.it')],
    [
      { pinterest: 'https://www.pinterest.com/offsite/?url=https://evil.test' },
      via('Pinterest', 'pinterest.com/offsite'),
    ],
    // a redirector not on the list yet: its query carries the address it sends to
    [
      { facebook: 'https://www.facebook.com/somewhere?next=https%3A%2F%2Fevil.test' },
      via('Facebook', 'www.facebook.com'),
    ],
    [{ x: 'https://x.com/go?to=//evil.test' }, via('X', 'x.com')],
  ])('refuses the redirector or shortener %o with 400 naming the field', async (over, message) => {
    const before = (await current()).json()
    const res = await save({ ...before, ...over })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
    expect((await current()).json()).toEqual(before)
  })

  it('still takes pages whose names start like a redirector path, or whose query holds no address', async () => {
    const res = await save({
      blogTagline: 'Tagline',
      facebook: 'https://www.facebook.com/profile.php?id=100064&ref=page_internal',
      instagram: 'https://www.instagram.com/linkshimbags/',
      x: 'https://x.com/prelovedbags?lang=en',
      pinterest: 'https://www.pinterest.com/offsitebags/',
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('reads a stored link that goes through a redirector (saved before they were refused) as none', async () => {
    const stored = 'https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.test'
    await t.database.db
      .insert(settings)
      .values({ key: 'facebook', value: stored, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: stored } })
    expect((await readSettings(t.database.db)).facebook).toBeNull()
    await t.database.db.delete(settings).where(eq(settings.key, 'facebook'))
  })

  it('takes a page on a subdomain or the other domain of a network', async () => {
    const res = await save({
      blogTagline: 'Tagline',
      facebook: 'https://m.facebook.com/prelovedbagsco',
      instagram: null,
      x: 'https://twitter.com/prelovedbags',
      pinterest: 'https://uk.pinterest.com/prelovedbags/',
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses changes by anyone but an admin', async () => {
    const body = { blogTagline: 'Hacked', ...none }
    expect((await save(body, customer)).statusCode).toBe(403)
    expect((await save(body, seller)).statusCode).toBe(403)
    expect((await save(body, 'anonymous')).statusCode).toBe(401)
    expect((await current()).json().blogTagline).not.toBe('Hacked')
  })
})
