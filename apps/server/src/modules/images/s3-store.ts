import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { assertSafeKey, type ImageStore } from './image-store.ts'

export interface S3StoreOptions {
  endpoint?: string | undefined
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** Where browsers load the files from, e.g. a CDN or the bucket's public URL. */
  publicUrl: string
  region?: string
  prefix?: string
}

/** S3-compatible object storage (AWS S3, MinIO, R2…): the same content-hashed keys, immutable cache headers. */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3'
  private readonly client: S3Client
  private readonly opts: S3StoreOptions
  private readonly base: string

  constructor(opts: S3StoreOptions) {
    this.opts = opts
    this.base = opts.publicUrl.replace(/\/+$/, '')
    this.client = new S3Client({
      region: opts.region ?? 'us-east-1',
      ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    })
  }

  private objectKey(key: string) {
    return `${this.opts.prefix ?? 'uploads/'}${key}`
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key)
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    )
  }

  url(key: string): string {
    return `${this.base}/${this.objectKey(key)}`
  }

  keyOf(url: string): string | undefined {
    const prefix = `${this.base}/${this.objectKey('')}`
    if (!url.startsWith(prefix)) return undefined
    const key = url.slice(prefix.length)
    try {
      assertSafeKey(key)
      return key
    } catch {
      return undefined
    }
  }

  owns(url: string): boolean {
    return this.keyOf(url) !== undefined
  }

  async listOlderThan(before: Date): Promise<string[]> {
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: this.objectKey(''), ContinuationToken: token }),
      )
      for (const o of page.Contents ?? []) {
        if (o.Key && o.LastModified && o.LastModified < before) keys.push(o.Key.slice(this.objectKey('').length))
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key)
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }))
  }
}
