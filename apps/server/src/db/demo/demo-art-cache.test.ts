import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalImageStore } from '../../modules/images/image-store.ts'
import type { BagArtSpec } from './bag-art.ts'
import { type DemoShot, demoArtKey, storeDemoArt } from './demo-art-cache.ts'

const spec: BagArtSpec = {
  kind: 'tote',
  shape: 'open',
  body: '#3f6b4a',
  trim: '#3f6b4a',
  hardware: 'gold',
  pattern: 'plain',
  background: '#ebe6df',
}
const shots: DemoShot[] = [
  { spec, view: 'front' },
  { spec, view: 'base' },
]

let dir: string
const fileOf = (store: LocalImageStore, url: string) => path.join(store.dir, store.keyOf(url)!)

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-art-cache-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('demoArtKey', () => {
  it('changes with the drawing and the angle', () => {
    expect(demoArtKey(spec, 'front')).toBe(demoArtKey({ ...spec }, 'front'))
    expect(demoArtKey(spec, 'back')).not.toBe(demoArtKey(spec, 'front'))
    expect(demoArtKey({ ...spec, body: '#3f6b4b' }, 'front')).not.toBe(demoArtKey(spec, 'front'))
  })
})

describe('storeDemoArt', () => {
  it('draws what the cache lacks, stores it through the pipeline and keeps the files for the next run', async () => {
    const cache = path.join(dir, 'cache')
    const store = new LocalImageStore(path.join(dir, 'first'))
    const first = await storeDemoArt(store, shots, cache)
    expect(first.drawn).toBe(2)
    for (const { img, thumb } of first.stored) {
      expect(await sharp(fileOf(store, img)).metadata()).toMatchObject({ format: 'webp', width: 800 })
      expect(await sharp(fileOf(store, thumb)).metadata()).toMatchObject({ format: 'webp', width: 320 })
    }
    expect(first.stored[0]!.img).not.toBe(first.stored[1]!.img)
    // an entry per picture and its two files; no temporary file is left behind
    const files = await readdir(cache)
    expect(files.filter((f) => f.endsWith('.json')).sort()).toEqual(
      shots.map((s) => `${demoArtKey(s.spec, s.view)}.json`).sort(),
    )
    expect(files.filter((f) => f.endsWith('.webp'))).toHaveLength(4)
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([])

    // the next run copies the cached files: a marked file in the cache is what the new store receives
    const second = new LocalImageStore(path.join(dir, 'second'))
    const marked = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ff00ff' } })
      .webp()
      .toBuffer()
    await writeFile(path.join(cache, second.keyOf(first.stored[0]!.img)!), marked)
    const again = await storeDemoArt(second, shots, cache)
    expect(again.drawn).toBe(0)
    expect(again.stored).toEqual(first.stored)
    expect((await readFile(fileOf(second, again.stored[0]!.img))).equals(marked)).toBe(true)
    expect(existsSync(fileOf(second, again.stored[1]!.thumb))).toBe(true)
  })

  it('draws again when an entry names a file that is gone, and when several runs fill the cache at once', async () => {
    const cache = path.join(dir, 'shared')
    const stores = [0, 1, 2].map((i) => new LocalImageStore(path.join(dir, `racer-${i}`)))
    const results = await Promise.all(stores.map((s) => storeDemoArt(s, shots, cache)))
    for (const r of results) expect(r.stored).toEqual(results[0]!.stored)
    expect((await readdir(cache)).filter((f) => f.endsWith('.tmp'))).toEqual([])

    await rm(path.join(cache, stores[0]!.keyOf(results[0]!.stored[1]!.thumb)!))
    const repaired = await storeDemoArt(new LocalImageStore(path.join(dir, 'repaired')), shots, cache)
    expect(repaired.drawn).toBe(1)
    expect(repaired.stored).toEqual(results[0]!.stored)
  })

  it('still stores the pictures when the cache cannot be written', async () => {
    const blocked = path.join(dir, 'not-a-folder')
    await writeFile(blocked, 'a file where the cache folder would be')
    const store = new LocalImageStore(path.join(dir, 'uncached'))
    const { stored, drawn } = await storeDemoArt(store, shots.slice(0, 1), blocked)
    expect(drawn).toBe(1)
    expect(existsSync(fileOf(store, stored[0]!.img))).toBe(true)
  })
})
