import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import type { Session } from '../auth-helpers.ts'

/** A real photo uploaded through POST /api/images by a seller; returns its url (a listing's `img`). */
export async function uploadPhoto(app: FastifyInstance, seller: Session, color = '#8a4b2a'): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer()
  const res = await app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...seller.bearer, 'content-type': 'multipart/form-data; boundary=----hostile' },
    payload: Buffer.concat([
      Buffer.from(
        '------hostile\r\nContent-Disposition: form-data; name="image"; filename="bag.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from('\r\n------hostile--\r\n'),
    ]),
  })
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`)
  return res.json().data.url
}
