import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /api/docs: for everyone, or for admins only
 * (API_DOCS=admin, production's default; app.ts gives each of its routes that access).
 */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { adminOnly: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Preloved Bags Co. API',
        description: 'The marketplace API. Errors are `{ statusCode, error, message }`.',
        version: '1.0.0',
      },
      components: {
        // each route's security is derived from its config.access (app.ts): public ones have none
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The accessToken of GET /api/jwt',
          },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description: "better-auth's session cookie (named __Secure-better-auth.session_token over https)",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(async (docs) => {
    // an admin's answers are theirs: no shared cache keeps them for the next visitor (the page's files said public)
    if (opts.adminOnly)
      docs.addHook('onSend', async (_req, reply) => void reply.header('cache-control', 'private, no-cache'))
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  })
})
