import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { ImageStore } from './image-store.ts'

/** Display sizes: `img` for cards and detail pages, `thumb` for tables and small cards. */
export const IMAGE_WIDTHS = { img: 800, thumb: 320 } as const

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
