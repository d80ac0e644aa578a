import { createHash } from 'node:crypto'
import { messages } from '@preloved/shared/messages'
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import sharp, { type Metadata } from 'sharp'
import type { DbOrTx } from '../../db/client.ts'
import { orders, posts, products, uploads } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import type { ImageStore } from './image-store.ts'

/** Display sizes: `img` for cards and detail pages, `thumb` for tables and small cards. */
export const IMAGE_WIDTHS = { img: 800, thumb: 320 } as const

/** The end of a stored photo's key at its display size: what a listing or a cover points at. */
export const DISPLAY_PHOTO_SUFFIX = `-${IMAGE_WIDTHS.img}.webp`

/** The thumbnail stored beside a display-size photo (its key ends with DISPLAY_PHOTO_SUFFIX). */
export const thumbUrlOf = (store: ImageStore, displayKey: string) =>
  store.url(`${displayKey.slice(0, -DISPLAY_PHOTO_SUFFIX.length)}-${IMAGE_WIDTHS.thumb}.webp`)

export interface StoredImage {
  img: string
  thumb: string
}

/**
 * Re-encodes an image to WebP at the app's display sizes. sharp drops all metadata (EXIF, GPS, XMP)
 * unless asked to keep it; `rotate()` first bakes the EXIF orientation into the pixels.
 */
export async function storeImageVariants(store: ImageStore, input: Buffer): Promise<StoredImage> {
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 24)
  const out: Partial<StoredImage> = {}
  for (const [name, width] of Object.entries(IMAGE_WIDTHS) as [keyof StoredImage, number][]) {
    const body = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: name === 'thumb' ? 72 : 78, effort: 4 })
      .toBuffer()
    const key = `${hash}-${width}.webp`
    await store.put(key, body, 'image/webp')
    out[name] = store.url(key)
  }
  return out as StoredImage
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const MAX_UPLOAD_PIXELS = 40_000_000

const ACCEPTED = 'JPEG, PNG, WebP or AVIF'

/**
 * Checks an upload by its bytes (not its name or declared type) and stores it re-encoded: JPEG, PNG, WebP and
 * AVIF only (415 otherwise, SVG included), at most 40 megapixels (413), decoded under a pixel limit so a
 * decompression bomb fails fast instead of filling memory.
 */
export async function storeUpload(
  store: ImageStore,
  input: Buffer,
): Promise<StoredImage & { width: number; height: number }> {
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS }).metadata()
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new AppError(413, messages.images.tooManyPixels)
    }
    throw new AppError(415, messages.images.notAnImage(ACCEPTED))
  }
  const format = meta.format
  const isAvif = format === 'heif' && meta.compression === 'av1'
  if (!(format === 'jpeg' || format === 'png' || format === 'webp' || isAvif)) {
    throw new AppError(415, messages.images.formatRefused(format, ACCEPTED))
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0
  const height = meta.autoOrient?.height ?? meta.height ?? 0
  if (!width || !height) throw new AppError(415, messages.images.notAnImage(ACCEPTED))
  if (width * height > MAX_UPLOAD_PIXELS) {
    throw new AppError(413, messages.images.tooManyPixelsSized(width, height))
  }
  try {
    const stored = await storeImageVariants(store, input)
    return { ...stored, width, height }
  } catch (err) {
    if (err instanceof Error && /pixel limit|corrupt|premature|unsupported|bad|invalid/i.test(err.message)) {
      throw new AppError(415, messages.images.unreadable(ACCEPTED))
    }
    throw err
  }
}

/** Records that `uploaderId` uploaded the photo stored under `key` (again: nothing changes). */
export async function recordUpload(db: DbOrTx, key: string, uploaderId: string): Promise<void> {
  await db.insert(uploads).values({ key, uploaderId }).onConflictDoNothing()
}

/** Listings that show the photo `url` (any of their photos, the cover included). */
const onListing = (url: string) => sql`${products.photos} @> ${JSON.stringify([{ url }])}::jsonb`

/**
 * Whether `sellerId` may list a bag with the photo stored under `key` (its url `img`): they uploaded it, or it is
 * already on one of their listings (demo listings and those made before uploads were recorded).
 */
export async function mayUsePhoto(db: DbOrTx, key: string, img: string, sellerId: string): Promise<boolean> {
  const [uploaded] = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.uploaderId, sellerId)))
  if (uploaded) return true
  const [listed] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(onListing(img), eq(products.sellerId, sellerId)))
    .limit(1)
  return listed !== undefined
}

/** The seller's upload of `key` is now on a listing (the first one that used it is kept). */
export async function markUploadUsed(db: DbOrTx, key: string, sellerId: string, productId: string): Promise<void> {
  await db
    .update(uploads)
    .set({ usedAt: new Date(), productId })
    .where(and(eq(uploads.key, key), eq(uploads.uploaderId, sellerId), isNull(uploads.usedAt)))
}

/**
 * Files no listing or blog post uses, stored more than `olderThanMs` ago (a failed or abandoned add form): deleted, with the
 * records of who uploaded them.
 */
export async function cleanupOrphanImages(db: DbOrTx, store: ImageStore, olderThanMs = 24 * 3600_000): Promise<number> {
  const candidates = await store.listOlderThan(new Date(Date.now() - olderThanMs))
  let deleted = 0
  for (let i = 0; i < candidates.length; i += 500) {
    const batch = candidates.slice(i, i + 500)
    const urls = batch.map((k) => store.url(k))
    // every photo of a listing is in use, not only its cover
    const used = await db
      .select({ img: sql<string>`p->>'url'`, thumb: sql<string>`p->>'thumb'` })
      .from(sql`${products}, jsonb_array_elements(${products.photos}) as p`)
      .where(sql`p->>'url' in ${urls} or p->>'thumb' in ${urls}`)
    // a blog post's cover is in use too
    const covers = await db
      .select({ img: posts.coverImg, thumb: posts.coverThumb })
      .from(posts)
      .where(or(inArray(posts.coverImg, urls), inArray(posts.coverThumb, urls)))
    // and a photo of a dispute or of the seller's answer: kept with the order
    const evidence = await db
      .select({ url: sql<string>`p` })
      .from(sql`${orders}, jsonb_array_elements_text(${orders.disputePhotos} || ${orders.answerPhotos}) as p`)
      .where(sql`p in ${urls}`)
    const evidenceKeys = evidence.map((e) => store.keyOf(e.url)).filter((k): k is string => Boolean(k))
    const keep = new Set([
      ...[...used, ...covers].flatMap((r) => [r.img, r.thumb]),
      ...evidence.map((e) => e.url),
      ...evidenceKeys.map((k) => thumbUrlOf(store, k)),
    ])
    const gone: string[] = []
    for (const key of batch) {
      if (keep.has(store.url(key))) continue
      await store.delete(key)
      gone.push(key)
      deleted++
    }
    // whoever uploaded a removed photo owns it no more: a listing cannot point at a file that is gone
    if (gone.length > 0) await db.delete(uploads).where(inArray(uploads.key, gone))
  }
  return deleted
}
