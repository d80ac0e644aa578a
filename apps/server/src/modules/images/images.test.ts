import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Session, signUp } from '../../../test/auth-helpers.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { insertProduct } from '../../../test/fixtures.ts'
import { type FilePart, pngPhoto, postImage } from '../../../test/upload.ts'
import { LocalImageStore } from './image-store.ts'
import { cleanupOrphanImages } from './images.service.ts'

let t: TestApp
let seller: Session

beforeAll(async () => {
  t = await buildTestApp()
  seller = await signUp(t.app, { email: 'photos@example.test', role: 'seller' })
})
afterAll(() => t.close())

/** POST /api/images as the seller; a JPEG named bag.jpg in the field `image` unless told. */
const upload = (bytes: Buffer, part: FilePart = {}) =>
  postImage(t.app, seller, bytes, { filename: 'bag.jpg', type: 'image/jpeg', ...part })

const storedFile = (url: string) => path.join(t.dataDir, 'uploads', url.replace('/uploads/', ''))

/** A real photo-like JPEG carrying EXIF with a camera, an owner and GPS coordinates. */
async function jpegWithGps() {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a0522d' } })
    .composite([
      {
        input: Buffer.from('<svg width="400" height="300"><circle cx="200" cy="150" r="120" fill="#222"/></svg>'),
        left: 600,
        top: 450,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PrelovedCam', Model: 'Test 1', Copyright: 'Jane Seller' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
    })
    .toBuffer()
}

/** A PNG whose header promises 8000×8000 pixels (64 MP) that inflate from a few kilobytes: a decompression bomb. */
function pngBomb(side = 8000) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(side, 0)
  ihdr.writeUInt32BE(side, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const raw = Buffer.alloc(side * (side + 1)) // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('POST /api/images', () => {
  it('stores a JPEG re-encoded to WebP at 800 and 320 px with every bit of metadata gone', async () => {
    const original = await jpegWithGps()
    const before = await sharp(original).metadata()
    expect(before.exif?.length).toBeGreaterThan(0)
    expect(before.exif!.toString('latin1')).toContain('PrelovedCam')

    const res = await upload(original)
    expect(res.statusCode).toBe(200)
    const { success, data } = res.json()
    expect(success).toBe(true)
    expect(data).toMatchObject({ width: 1600, height: 1200 })
    expect(data.url).toMatch(/^\/uploads\/[0-9a-f]{24}-800\.webp$/)
    expect(data.thumb).toMatch(/^\/uploads\/[0-9a-f]{24}-320\.webp$/)

    for (const [url, width] of [
      [data.url, 800],
      [data.thumb, 320],
    ] as const) {
      const bytes = await readFile(storedFile(url))
      const meta = await sharp(bytes).metadata()
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 })
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.iptc).toBeUndefined()
      expect(bytes.toString('latin1')).not.toContain('PrelovedCam')
      expect(bytes.toString('latin1')).not.toContain('Jane Seller')
    }
  })

  it('serves stored files with long immutable caching, and names them by content', async () => {
    const png = await sharp({ create: { width: 500, height: 500, channels: 4, background: '#336699' } })
      .png()
      .toBuffer()
    const a = (await upload(png, { filename: 'a.png', type: 'image/png' })).json().data.url
    const b = (await upload(png, { filename: 'b.png', type: 'image/png' })).json().data.url
    expect(a).toBe(b)
    const res = await t.app.inject(a)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it.each(['webp', 'avif'] as const)('accepts %s', async (format) => {
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#777' } })
      .toFormat(format)
      .toBuffer()
    const res = await upload(bytes, { filename: `x.${format}`, type: `image/${format}` })
    expect(res.statusCode).toBe(200)
  })

  it('decides the type by the bytes: a text file named .png is refused with 415', async () => {
    const res = await upload(Buffer.from('definitely not a picture\n'.repeat(20)), {
      filename: 'fake.png',
      type: 'image/png',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' })
    expect(res.json().message).toMatch(/JPEG, PNG, WebP or AVIF/)
  })

  it('refuses SVG (it can carry scripts) with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    const res = await upload(svg, { filename: 'x.svg', type: 'image/svg+xml' })
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toMatch(/SVG files are not accepted/)
  })

  it('refuses a decompression bomb (64 megapixels in a few KB) with 413, fast', async () => {
    const bomb = pngBomb()
    expect(bomb.length).toBeLessThan(200_000)
    const started = Date.now()
    const res = await upload(bomb, { filename: 'bomb.png', type: 'image/png' })
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toMatch(/40 megapixels/)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await pngPhoto('#000', { width: 10, height: 10 }), Buffer.alloc(10 * 1024 * 1024 + 10)])
    const res = await upload(big, { filename: 'big.png', type: 'image/png' })
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toMatch(/10 MB/)
  })

  it('asks for the image when the field is missing or empty', async () => {
    const other = await upload(await jpegWithGps(), { field: 'photo' })
    expect(other.statusCode).toBe(400)
    expect(other.json().message).toBe('Image is required')
    const empty = await upload(Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
  })

  it('answers a non-multipart request with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: seller.bearer,
      payload: { image: 'x' },
    })
    expect(res.statusCode).toBe(415)
  })
})

describe('/uploads', () => {
  it('never serves anything outside the upload folder', async () => {
    await writeFile(path.join(t.dataDir, 'secret.txt'), 'top-secret-value')
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
    ]) {
      const res = await t.app.inject(url)
      expect([403, 404], url).toContain(res.statusCode)
      expect(res.body).not.toContain('top-secret-value')
      expect(res.json()).toMatchObject({ statusCode: res.statusCode })
    }
  })
})

describe('the local photo store', () => {
  it('stores the same photo put 50 times at once, once, with no temporary file left', async () => {
    const dir = path.join(t.dataDir, 'same-photo-at-once')
    const store = new LocalImageStore(dir)
    const body = Buffer.from('the same bytes, uploaded by two sellers at the same moment')
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => store.put('same.webp', body)))
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    expect(await readdir(dir)).toEqual(['same.webp'])
    expect(await readFile(path.join(dir, 'same.webp'))).toEqual(body)
  })
})

describe('cleanup of unused uploads', () => {
  it('deletes day-old files no listing uses and keeps the ones in use', async () => {
    const store = new LocalImageStore(path.join(t.dataDir, 'uploads'))
    const png = (c: string) => pngPhoto(c, { width: 900, height: 900 })
    const used = (await upload(await png('#112233'), { type: 'image/png' })).json().data
    const orphan = (await upload(await png('#445566'), { type: 'image/png' })).json().data
    // a listing's second photo is in use as much as its cover
    const second = (await upload(await png('#778899'), { type: 'image/png' })).json().data
    await insertProduct(t.database.db, seller.id, {
      img: used.url,
      thumb: used.thumb,
      photos: [
        { url: used.url, thumb: used.thumb },
        { url: second.url, thumb: second.thumb },
      ],
    })
    expect(await cleanupOrphanImages(t.database.db, store, 60_000)).toBe(0) // nothing is a day old yet
    const removed = await cleanupOrphanImages(t.database.db, store, -1000) // everything counts as old
    expect(removed).toBeGreaterThanOrEqual(2)
    await expect(readFile(storedFile(orphan.url))).rejects.toThrow()
    await expect(readFile(storedFile(orphan.thumb))).rejects.toThrow()
    await readFile(storedFile(used.url))
    await readFile(storedFile(used.thumb))
    await readFile(storedFile(second.url))
    await readFile(storedFile(second.thumb))
  })
})
