import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where processed images live. Keys are content-hashed file names, so a stored file never changes. */
export interface ImageStore {
  readonly kind: 'local' | 's3'
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The URL a browser loads the image from. */
  url(key: string): string
  /** Whether a URL points into this store (listings may only reference our own images). */
  owns(url: string): boolean
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,120}\.(webp|png|jpg|svg)$/

export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`unsafe image key: ${key}`)
}

/** Files under DATA_DIR/uploads, served by the app at /uploads/. */
export class LocalImageStore implements ImageStore {
  readonly kind = 'local'
  readonly dir: string

  constructor(dir: string) {
    this.dir = path.resolve(dir)
  }

  async put(key: string, body: Buffer): Promise<void> {
    assertSafeKey(key)
    await mkdir(this.dir, { recursive: true })
    const target = path.join(this.dir, key)
    const exists = await stat(target).then(
      () => true,
      () => false,
    )
    if (exists) return // content-addressed: same name, same bytes
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`
    await writeFile(tmp, body)
    await rename(tmp, target)
  }

  url(key: string): string {
    return `/uploads/${key}`
  }

  owns(url: string): boolean {
    const m = /^\/uploads\/([^/?#]+)$/.exec(url)
    return Boolean(m && KEY_PATTERN.test(m[1]!))
  }
}
