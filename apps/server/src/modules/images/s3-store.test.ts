import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeUpload } from './images.service.ts'
import { S3ImageStore } from './s3-store.ts'

/** The S3 store against a local S3-compatible server (s3rver) started by the test. */
let server: S3rver
let dir: string
let endpoint: string
let store: S3ImageStore

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-s3-'))
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'bags', configs: [] }],
  })
  const address = (await server.run()) as AddressInfo
  endpoint = `http://127.0.0.1:${address.port}`
  store = new S3ImageStore({
    endpoint,
    bucket: 'bags',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: `${endpoint}/bags`,
  })
})
afterAll(async () => {
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('S3ImageStore', () => {
  it('stores both sizes with immutable caching, readable at the public URL', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#654321' } })
      .jpeg()
      .toBuffer()
    const stored = await storeUpload(store, photo)
    expect(stored.img).toMatch(new RegExp(`^${endpoint}/bags/uploads/[0-9a-f]{24}-800\\.webp$`))
    for (const [url, width] of [
      [stored.img, 800],
      [stored.thumb, 320],
    ] as const) {
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect(res.headers.get('cache-control')).toContain('immutable')
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(width)
    }
    expect(store.owns(stored.img)).toBe(true)
    expect(store.owns('https://elsewhere.example/bags/uploads/x-800.webp')).toBe(false)
    expect(store.keyOf(`${endpoint}/bags/uploads/../secret-800.webp`)).toBeUndefined()
  })

  it('lists old files and deletes them', async () => {
    const photo = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const stored = await storeUpload(store, photo)
    const key = store.keyOf(stored.thumb)!
    expect(await store.listOlderThan(new Date(Date.now() - 3600_000))).not.toContain(key)
    expect(await store.listOlderThan(new Date(Date.now() + 60_000))).toContain(key)
    await store.delete(key)
    expect((await fetch(stored.thumb)).status).toBe(404)
  })
})
