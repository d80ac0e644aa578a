import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { messages } from '@preloved/shared/messages'
import { AppError } from '../../lib/errors.ts'

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

const FULL = new Set(['ENOSPC', 'EDQUOT'])
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'EISDIR', 'ENOENT'])

/**
 * A file-system failure while storing a photo, as an answer: a full disk is 507, storage that cannot be written
 * (permissions, read-only, the uploads path not a folder) is 500 with a message saying so. The cause is kept for
 * the log; the client never sees paths or stack traces.
 */
export function storageError(err: unknown): unknown {
  const code = (err as { code?: unknown })?.code
  if (typeof code !== 'string') return err
  if (FULL.has(code)) {
    const full = new AppError(507, messages.images.storageFull, 'storage_full')
    return Object.assign(full, { cause: err })
  }
  if (NOT_WRITABLE.has(code)) {
    const denied = new AppError(500, messages.images.storageNotWritable, 'storage_not_writable')
    return Object.assign(denied, { cause: err })
  }
  return err
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
    await mkdir(this.dir, { recursive: true }).catch((err) => {
      throw storageError(err)
    })
    const target = path.join(this.dir, key)
    const exists = await stat(target).then(
      () => true,
      () => false,
    )
    if (exists) return // content-addressed: same name, same bytes
    // its own temporary name: two uploads of the same photo at once each write theirs, and the renames agree
    const tmp = `${target}.${randomUUID()}.tmp`
    try {
      await writeFile(tmp, body)
      await rename(tmp, target)
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => {}) // no half-written file is left behind
      throw storageError(err)
    }
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
