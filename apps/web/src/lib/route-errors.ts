import { isApiError } from './api-client'

/**
 * A loader's failed API call as the route's error: a 404 or 400 (an unknown, removed or malformed id) is the page's
 * 404; any other answer keeps its status and the server's message (the route-error screen shows it). A Response, so
 * that the message survives the server's hiding of unexpected errors.
 */
export function throwRouteError(error: unknown): never {
  if (!isApiError(error)) throw error
  if (error.statusCode === 404 || error.statusCode === 400) {
    throw new Response(error.message, { status: 404, statusText: 'Not Found' })
  }
  throw new Response(error.message, { status: error.statusCode >= 400 ? error.statusCode : 500 })
}
