import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where processed images live. Keys are content-hashed file names, so a stored file never changes. */
export interface ImageStore {
  readonly kind: 'local' | 's3'
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The URL a browser loads the image from. */
  url(key: string): string
  /** Whether a URL points into this store (listings may only reference our own images). */
  owns(url: string): boolean
  /** The key a URL of this store names, or undefined. */
  keyOf(url: string): string | undefined
  /** Keys of files stored before `before` (for the cleanup of files no listing uses). */
  listOlderThan(before: Date): Promise<string[]>
  delete(key: string): Promise<void>
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
    return this.keyOf(url) !== undefined
  }

  keyOf(url: string): string | undefined {
    const m = /^\/uploads\/([^/?#]+)$/.exec(url)
    return m && KEY_PATTERN.test(m[1]!) ? m[1] : undefined
  }

  async listOlderThan(before: Date): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    const old: string[] = []
    for (const name of names) {
      if (!KEY_PATTERN.test(name)) continue
      const info = await stat(path.join(this.dir, name)).catch(() => undefined)
      if (info && info.mtime < before) old.push(name)
    }
    return old
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key)
    await rm(path.join(this.dir, key), { force: true })
  }
}
