import { messages } from '@preloved/shared/messages'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { listingBody } from '../../../test/fixtures.ts'
import { uploadPhoto } from '../../../test/upload.ts'
import { uploads } from '../../db/schema/index.ts'
import { cleanupOrphanImages } from './images.service.ts'

// An uploaded photo belongs to its uploader until a listing uses it.

let t: TestApp
let alice: Session
let bob: Session
beforeAll(async () => {
  t = await buildTestApp()
  ;[alice, bob] = await Promise.all([
    signUp(t.app, { email: 'alice-photos@example.test', role: 'seller' }),
    signUp(t.app, { email: 'bob-photos@example.test', role: 'seller' }),
  ])
})
afterAll(() => t.close())

const listing = (img: string) => listingBody(img, { title: 'Photo Tote' })
const list = (s: Session, img: string) =>
  t.app.inject({ method: 'POST', url: '/api/categoryDetails', headers: s.bearer, payload: listing(img) })
const keyOf = (img: string) => img.split('/').pop()!

describe('uploaded photos belong to their uploader', () => {
  it("refuses a listing with another seller's photo, and takes it from the uploader", async () => {
    const img = await uploadPhoto(t.app, alice, '#112233')
    const stolen = await list(bob, img)
    expect(stolen.statusCode).toBe(403)
    expect(stolen.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: messages.products.photoNotYours })
    const own = await list(alice, img)
    expect(own.statusCode).toBe(200)
    const [row] = await t.database.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.key, keyOf(img)), eq(uploads.uploaderId, alice.id)))
    expect(row?.productId).toBe(own.json().insertedId)
    expect(row?.usedAt).toBeInstanceOf(Date)
    // once on alice's listing it stays hers: bob still cannot use it, alice can list it again
    expect((await list(bob, img)).statusCode).toBe(403)
    expect((await list(alice, img)).statusCode).toBe(200)
  })

  it('the same picture uploaded by two sellers (one content-hashed file) works for both', async () => {
    const a = await uploadPhoto(t.app, alice, '#445566')
    const b = await uploadPhoto(t.app, bob, '#445566')
    expect(b).toBe(a)
    expect((await list(alice, a)).statusCode).toBe(200)
    expect((await list(bob, b)).statusCode).toBe(200)
  })

  it('refuses a well-formed photo address nobody uploaded', async () => {
    const res = await list(alice, '/uploads/00000000000000000000abcd-800.webp')
    expect(res.statusCode).toBe(403)
  })

  it('the clean-up of unused photos forgets who uploaded them', async () => {
    const img = await uploadPhoto(t.app, bob, '#778899')
    expect(await cleanupOrphanImages(t.database.db, t.app.images, -60_000)).toBeGreaterThan(0)
    const left = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(img)))
    expect(left).toEqual([])
    // photos on listings are kept, with their owners
    const used = await t.database.db.select().from(uploads).where(eq(uploads.uploaderId, alice.id))
    expect(used.length).toBeGreaterThan(0)
  })
})
