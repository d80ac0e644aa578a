import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import type { ImageStore } from '../../modules/images/image-store.ts'
import { IMAGE_WIDTHS, type StoredImage, storeImageVariants } from '../../modules/images/images.service.ts'
import { BAG_ART_VERSION, type BagArtSpec, type BagView, renderBagImage } from './bag-art.ts'

/**
 * Rendered demo pictures, kept between runs and shared by every process on the machine: drawing one takes
 * a fraction of a second of CPU and the demo data has several hundred, so a fresh start or a test's seed
 * copies the finished WebP files instead. Entries are keyed by everything that decides their pixels.
 */
export const DEMO_ART_CACHE_DIR = path.join(tmpdir(), 'preloved-demo-art')

interface Entry {
  img: string
  thumb: string
}

/** The cache key of one picture: the drawing, the angle, the renderer's version and the stored sizes. */
export function demoArtKey(spec: BagArtSpec, view: BagView): string {
  return createHash('sha256')
    .update(JSON.stringify([BAG_ART_VERSION, IMAGE_WIDTHS, view, spec]))
    .digest('hex')
    .slice(0, 32)
}

/** Writes a file whole or not at all, so a process reading the cache never sees half of one. */
async function writeAtomically(file: string, body: Buffer | string): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  try {
    await writeFile(tmp, body)
    await rename(tmp, file)
  } finally {
    await rm(tmp, { force: true })
  }
}

async function fromCache(store: ImageStore, dir: string, key: string): Promise<StoredImage | undefined> {
  let entry: Entry
  try {
    entry = JSON.parse(await readFile(path.join(dir, `${key}.json`), 'utf8')) as Entry
    const [img, thumb] = await Promise.all([readFile(path.join(dir, entry.img)), readFile(path.join(dir, entry.thumb))])
    await store.put(entry.img, img, 'image/webp')
    await store.put(entry.thumb, thumb, 'image/webp')
  } catch {
    return undefined // not cached yet (or a damaged entry): drawn again
  }
  return { img: store.url(entry.img), thumb: store.url(entry.thumb) }
}

/** Draws the picture and stores it through the image pipeline, as any upload is stored, then caches its files. */
async function drawAndStore(store: ImageStore, dir: string, spec: BagArtSpec, view: BagView): Promise<StoredImage> {
  const key = demoArtKey(spec, view)
  const bodies = new Map<string, Buffer>()
  // the store as the pipeline sees it, keeping a copy of every file it writes
  const keeping: ImageStore = {
    kind: store.kind,
    put: async (k, body, type) => {
      bodies.set(k, body)
      await store.put(k, body, type)
    },
    url: (k) => store.url(k),
    owns: (url) => store.owns(url),
    keyOf: (url) => store.keyOf(url),
    listOlderThan: (before) => store.listOlderThan(before),
    delete: (k) => store.delete(k),
  }
  const stored = await storeImageVariants(keeping, await renderBagImage(spec, IMAGE_WIDTHS.img, view))
  const entry: Entry = { img: store.keyOf(stored.img)!, thumb: store.keyOf(stored.thumb)! }
  try {
    await mkdir(dir, { recursive: true })
    for (const [k, body] of bodies) await writeAtomically(path.join(dir, k), body)
    await writeAtomically(path.join(dir, `${key}.json`), JSON.stringify(entry)) // last: the entry names files already there
  } catch {
    // a read-only or full temp folder costs speed, not correctness
  }
  return stored
}

/** Runs `fn` over `items` with at most `limit` calls in flight, keeping the order of results. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i]!, i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

export interface DemoShot {
  spec: BagArtSpec
  view: BagView
}

/**
 * Stores the demo picture of each shot (in order), taking the finished files from the cache where an earlier
 * run drew them: copies run many at a time (they wait on the disk), drawings a few at a time (they need the
 * CPU). The cache is best effort: when it cannot be written, the pictures are still stored.
 */
export async function storeDemoArt(
  store: ImageStore,
  shots: readonly DemoShot[],
  dir: string = DEMO_ART_CACHE_DIR,
): Promise<{ stored: StoredImage[]; drawn: number }> {
  const cached = await mapLimit(shots, 16, (shot) => fromCache(store, dir, demoArtKey(shot.spec, shot.view)))
  const missing = cached.flatMap((hit, i) => (hit ? [] : [i]))
  const drawers = Math.max(2, Math.min(4, availableParallelism()))
  const drawn = await mapLimit(missing, drawers, (i) => drawAndStore(store, dir, shots[i]!.spec, shots[i]!.view))
  for (const [k, i] of missing.entries()) cached[i] = drawn[k]
  return { stored: cached as StoredImage[], drawn: missing.length }
}
