import { execFileSync } from 'node:child_process'
import { mkdir, open, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../src/db/schema/index.ts'
import { type Session, signUp } from '../auth-helpers.ts'
import { buildTestApp, type TestApp } from '../build-test-app.ts'
import { postImage } from '../upload.ts'

/**
 * The photo storage fails under the app: the disk is full (a 1 MB tmpfs mounted on DATA_DIR/uploads, filled up),
 * the file system is read-only, or the uploads path is not a folder. Tests run as root, who ignores file
 * permissions, so each fault is one that stops root too. Each answer is our JSON, no product comes of it, no
 * half-written file stays, and uploads work again once the fault is gone.
 */
let t: TestApp
let seller: Session
let uploads: string
let mounted = false
let photo: Buffer

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FACTOR: '100' })
  seller = await signUp(t.app, { email: 'storage@example.test', role: 'seller' })
  uploads = path.join(t.dataDir, 'uploads')
  // noise, so the WebP variants are tens of kilobytes, not a few hundred bytes
  const raw = Buffer.alloc(600 * 400 * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
  photo = await sharp(raw, { raw: { width: 600, height: 400, channels: 3 } })
    .jpeg()
    .toBuffer()
})

afterAll(async () => {
  if (mounted) execFileSync('umount', [uploads])
  await t.close()
})

const upload = (bytes = photo) => postImage(t.app, seller, bytes, { filename: 'bag.jpg', type: 'image/jpeg' })

/** A fresh photo each time (the store is content-addressed: the same bytes twice are not written again). */
let variant = 0
const freshPhoto = () =>
  sharp(photo)
    .modulate({ brightness: 1 + ++variant / 100 })
    .jpeg()
    .toBuffer()

const productCount = async () => (await t.database.db.select({ id: products.id }).from(products)).length
const leftovers = async () => (await readdir(uploads)).filter((f) => f.endsWith('.tmp'))

/** Writes until the file system says it is full. */
async function fill(file: string) {
  const handle = await open(file, 'w')
  try {
    const chunk = Buffer.alloc(16 * 1024, 1)
    for (;;) await handle.write(chunk)
  } catch (err) {
    expect((err as { code?: string }).code).toBe('ENOSPC')
  } finally {
    await handle.close()
  }
}

describe('photo storage faults', () => {
  it('a full disk: 507 with a clear message, nothing stored, and uploads work once space is freed', async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', uploads])
    mounted = true
    await fill(path.join(uploads, 'filler'))
    const before = await productCount()

    const res = await upload(await freshPhoto())
    expect(res.statusCode).toBe(507)
    expect(res.json()).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: 'The photo could not be saved: the server has run out of storage space. Please try again later.',
      code: 'storage_full',
    })
    expect(res.body).not.toContain(uploads)
    expect(await leftovers()).toEqual([])
    expect(await productCount()).toBe(before)

    await rm(path.join(uploads, 'filler'))
    const again = await upload(await freshPhoto())
    expect(again.statusCode).toBe(200)
    expect(again.json().data.url).toMatch(/^\/uploads\/[0-9a-f]{24}-\d+\.webp$/)
  })

  it('a read-only file system: 500 saying the storage cannot be written, not a stack', async () => {
    execFileSync('mount', ['-o', 'remount,ro', uploads])
    try {
      const res = await upload(await freshPhoto())
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'The photo could not be saved: the server cannot write to its photo storage. Please try again later.',
        code: 'storage_not_writable',
      })
      expect(res.body).not.toMatch(/EROFS|at .*\.ts|\/tmp\//)
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', uploads])
    }
    expect(await leftovers()).toEqual([])
    expect((await upload(await freshPhoto())).statusCode).toBe(200)
  })

  it('the uploads path is a file, not a folder: 500 with the same clear message; fixed, it works again', async () => {
    execFileSync('umount', [uploads])
    mounted = false
    await rm(uploads, { recursive: true, force: true })
    await writeFile(uploads, 'not a folder')
    const before = await productCount()
    const res = await upload(await freshPhoto())
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, code: 'storage_not_writable' })
    expect(res.json().message).toBe(
      'The photo could not be saved: the server cannot write to its photo storage. Please try again later.',
    )
    expect(await productCount()).toBe(before)

    await rm(uploads)
    await mkdir(uploads)
    expect((await upload(await freshPhoto())).statusCode).toBe(200)
  })
})
