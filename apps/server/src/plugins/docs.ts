import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
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
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
})
