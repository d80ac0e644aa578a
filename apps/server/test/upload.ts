import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'

/** How the one file part of a multipart body presents itself; a photo field `image` holding `bag.png` by default. */
export interface FilePart {
  field?: string
  filename?: string
  type?: string
}

const BOUNDARY = '----preloved-test'

/** A multipart/form-data body with one file part, and the content-type header that announces it. */
export function multipart(bytes: Buffer, part: FilePart = {}) {
  const { field = 'image', filename = 'bag.png', type = 'image/png' } = part
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } }
}

/** A real PNG of one colour (64×48 unless told), made by sharp. */
export const pngPhoto = (color = '#8a4b2a', size = { width: 64, height: 48 }) =>
  sharp({ create: { ...size, channels: 3, background: color } })
    .png()
    .toBuffer()

/** POST /api/images with one file part, as `who` (bearer headers; anonymous without): the answer as it comes. */
export function postImage(
  app: FastifyInstance,
  who: { bearer: { authorization: string } } | undefined,
  bytes: Buffer,
  part: FilePart = {},
) {
  const { payload, headers } = multipart(bytes, part)
  return app.inject({ method: 'POST', url: '/api/images', headers: { ...who?.bearer, ...headers }, payload })
}

/** A real photo uploaded through POST /api/images by a seller; returns its url (a listing's `img`). */
export async function uploadPhoto(
  app: FastifyInstance,
  seller: { bearer: { authorization: string } },
  color = '#8a4b2a',
  size?: { width: number; height: number },
): Promise<string> {
  const res = await postImage(app, seller, await pngPhoto(color, size))
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`)
  return res.json().data.url
}
