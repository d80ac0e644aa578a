/** Who may call a route: every /api route declares one in `config.access` (plugins/auth.ts enforces it). */
export type Access = 'public' | 'signed-in' | 'customer' | 'seller' | 'admin'

/** An /api route with the access it declared (the authorization matrix test covers each). */
export interface ApiRoute {
  method: string
  url: string
  access: Access
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route declares it. */
    access?: Access
  }
  interface FastifyInstance {
    /** Every /api route with the access it declared (the authorization matrix test covers each). */
    apiRoutes: readonly ApiRoute[]
  }
}

/** An OpenAPI security requirement: the names of plugins/docs.ts's security schemes. */
export type SecurityRequirement = Partial<Record<'bearer' | 'cookie', string[]>>

/**
 * The OpenAPI `security` of a route with this access: none for a public one; otherwise the bearer token or the
 * session cookie (either proves who calls). A route may narrow it (GET /api/jwt takes the cookie only).
 */
export function securityOf(access: Access): SecurityRequirement[] | undefined {
  return access === 'public' ? undefined : [{ bearer: [] }, { cookie: [] }]
}
