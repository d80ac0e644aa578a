import multipart from '@fastify/multipart'
import { messages } from '@preloved/shared/messages'
import { imageUploadResultSchema } from '@preloved/shared/products'
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.ts'
import type { Access } from '../../plugins/access.ts'
import { signedInUser } from '../../plugins/auth.ts'
import { MAX_UPLOAD_BYTES, recordUpload, storeUpload } from './images.service.ts'

interface UploadRoute {
  url: string
  access: Access
  tags: string[]
  summary: string
  preHandler?: preHandlerAsyncHookHandler
}

/**
 * One photo upload route in a scope of its own (its multipart limits): one file in the multipart field `image`, typed
 * by its bytes, stored through the image pipeline and recorded as its uploader's. Listing photos and blog covers
 * both take this way in.
 */
export const imageUploadRoute =
  (route: UploadRoute): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 },
      throwFileSizeLimit: true,
    })
    app.post(
      route.url,
      {
        config: { access: route.access },
        ...(route.preHandler ? { preHandler: route.preHandler } : {}),
        schema: {
          tags: route.tags,
          summary: route.summary,
          consumes: ['multipart/form-data'],
          response: { 200: imageUploadResultSchema },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw new AppError(415, messages.images.notMultipart)
        let bytes: Buffer
        try {
          const file = await req.file()
          if (file?.fieldname !== 'image') throw new AppError(400, messages.products.imageRequired, { field: 'image' })
          bytes = await file.toBuffer()
        } catch (err) {
          if (err instanceof AppError) throw err
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(413, messages.images.tooLarge)
          }
          // busboy's plain errors for a body that is not multipart after all (no boundary, cut short, bad headers)
          if (err instanceof Error && !('statusCode' in err)) throw new AppError(400, messages.images.malformedUpload)
          throw err
        }
        if (bytes.length === 0) throw new AppError(400, messages.products.imageRequired, { field: 'image' })
        const stored = await storeUpload(app.images, bytes)
        // the photo is the uploader's: only they may use it (products.service.ts, posts.service.ts)
        await recordUpload(app.db, app.images.keyOf(stored.img)!, signedInUser(req).id)
        req.log.info({ url: stored.img, bytes: bytes.length }, 'image stored')
        return {
          success: true as const,
          data: { url: stored.img, thumb: stored.thumb, width: stored.width, height: stored.height },
        }
      },
    )
  }

/**
 * POST /api/images: the original image host, ours. Every signed-in role (listing photos, dispute photos, blog covers:
 * docs/product/listings.md#photos); a photo belongs to its uploader until something uses it. 30 uploads per account in ten minutes.
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.limiter({ max: 30, windowMs: 10 * 60_000, key: (req) => `upload:${req.user?.id}` })
  await app.register(
    imageUploadRoute({
      url: '/images',
      access: 'signed-in',
      tags: ['images'],
      summary: 'Upload a photo (multipart field "image"; JPEG, PNG, WebP or AVIF; ≤ 10 MB, ≤ 40 megapixels)',
      preHandler: perAccount,
    }),
  )
}
