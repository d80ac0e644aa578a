import type { ApiFetch } from '@/lib/api-client'

/** What the Fastify server gives every page render and server-side loader (apps/server modules/pages). */
export interface PageContext {
  /** This response's CSP nonce: the framework's inline scripts carry it. */
  nonce: string
  /** The shop's public origin (PUBLIC_URL, or the request's own): canonical and Open Graph URLs start with it. */
  origin: string
  /** The API as the visitor who asked for the page: their cookie, their address. GETs are answered once per render. */
  api: ApiFetch
}

declare module 'react-router' {
  interface AppLoadContext extends PageContext {}
}
