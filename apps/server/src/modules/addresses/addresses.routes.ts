import { saveAddressBodySchema } from '@preloved/shared/addresses'
import { deleteResultSchema } from '@preloved/shared/products'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { signedInUser } from '../../plugins/auth.ts'
import { listAddressesOf, toSavedAddressJson } from './addresses.repository.ts'
import { createAddress, deleteAddress, updateAddress } from './addresses.service.ts'

/** Saved delivery addresses: every signed-in role keeps its own, and sees only its own. */
/**
 * The answer's shape: the shared savedAddressSchema without its input transforms (trimming, upper-casing), which
 * the response serializer cannot run backwards. Rows hold what the shared schema already cleaned.
 */
const savedAddressJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
})

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: z.string().max(64) })

  app.get(
    '/addresses',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['addresses'],
        summary: 'Your saved delivery addresses: the default first, then the newest',
        response: { 200: z.array(savedAddressJsonSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const rows = await listAddressesOf(app.db, signedInUser(req).id)
      return rows.map(toSavedAddressJson)
    },
  )

  app.post(
    '/addresses',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['addresses'],
        summary: 'Save a delivery address (at most 10; the first one is the default)',
        body: saveAddressBodySchema,
        response: { 201: savedAddressJsonSchema },
      },
    },
    async (req, reply) => {
      const row = await createAddress(app.db, signedInUser(req).id, req.body, app.now())
      return reply.code(201).send(toSavedAddressJson(row))
    },
  )

  app.put(
    '/addresses/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['addresses'],
        summary: 'Change one of your saved addresses, or make it the default',
        params,
        body: saveAddressBodySchema,
        response: { 200: savedAddressJsonSchema },
      },
    },
    async (req) => toSavedAddressJson(await updateAddress(app.db, signedInUser(req).id, req.params.id, req.body)),
  )

  app.delete(
    '/addresses/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['addresses'],
        summary: 'Delete one of your saved addresses (the newest left becomes the default)',
        params,
        response: { 200: deleteResultSchema },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      deletedCount: await deleteAddress(app.db, signedInUser(req).id, req.params.id),
    }),
  )
}
