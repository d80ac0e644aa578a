import type { ErrorBody } from '@preloved/shared/common'
import type { z } from 'zod'
import { clearAccessToken, getAccessToken } from './access-token'

const API_PREFIX = '/api'

/** A failed API call, carrying the server's error body `{ statusCode, error, message }` (docs/product/storefront.md#api-rules). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly statusCode: number
  readonly error: string
  readonly code: string | undefined
  /** For a 400: the request's field it is about, as a path ("resell_price", "address.postcode"). */
  readonly field: string | undefined

  constructor(statusCode: number, error: string, message: string, code?: string, field?: string) {
    super(message)
    this.statusCode = statusCode
    this.error = error
    this.code = code
    this.field = field
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError

/**
 * A query's `retry`: TanStack Query's default of 3 (docs/product/storefront.md#feedback), except for a 4xx, which asking again will not change
 * (an unknown category, a removed bag, someone else's booking; a 401 already went through the token renewal).
 */
export const retryServerErrors = (failureCount: number, error: Error): boolean =>
  failureCount < 3 && !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500)

export type RequestOptions = {
  signal?: AbortSignal
  headers?: HeadersInit
  /** Leave a 401 to the caller (sign-in forms) instead of renewing the token or going to the login page. */
  ignoreUnauthorized?: boolean
  /** Send no bearer token: the call proves who the caller is with the session cookie only (GET /jwt). */
  withoutToken?: boolean
}

type UnauthorizedHandler = () => void
let onUnauthorized: UnauthorizedHandler | undefined

/** The router registers how to get to the login page when the server answers 401 (docs/style.md#errors). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler
}

/** Gets and stores a new access token from the session cookie; resolves false when there is no session. */
type TokenRenewer = () => Promise<boolean>
let renewToken: TokenRenewer | undefined
let renewing: Promise<boolean> | undefined

/**
 * Access tokens live an hour while the session cookie lives a week: on a 401 the client asks this once for a new
 * token and repeats the call once. The router registers it as a lazy import, so the auth code stays out of here.
 */
export function setTokenRenewer(renewer: TokenRenewer | undefined): void {
  renewToken = renewer
}

/** One renewal at a time: the 401s of calls made together share it. */
function renewTokenOnce(): Promise<boolean> {
  if (!renewToken) return Promise.resolve(false)
  renewing ??= renewToken()
    .catch((error: unknown) => {
      console.error('Could not renew the access token', error)
      return false
    })
    .finally(() => {
      renewing = undefined
    })
  return renewing
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (text === '') return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

// Checked by hand rather than with errorBodySchema, so that this module does not pull zod into the main chunk.
function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false
  const { statusCode, error, message, code, field } = body as Record<string, unknown>
  return (
    typeof statusCode === 'number' &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    (code === undefined || typeof code === 'string') &&
    (field === undefined || typeof field === 'string')
  )
}

/** The ApiError of a failed answer: the server's error body, or its status when the body is not one. */
export function apiErrorOf(status: number, statusText: string, body: unknown): ApiError {
  if (isErrorBody(body)) return new ApiError(body.statusCode, body.error, body.message, body.code, body.field)
  const text = statusText || `Error ${status}`
  return new ApiError(status, text, `Request failed: ${text}`)
}

/** The answer is not the shape the page expects. */
export const invalidResponse = (status: number) =>
  new ApiError(status, 'Invalid Response', 'The server sent a response this page does not understand.')

/** The call never reached the server (offline, refused connection). */
export const networkError = () =>
  new ApiError(0, 'Network Error', 'Could not reach the server. Check your connection and try again.')

/** Anything with zod's `safeParse`: a zod schema, or a hand-written check for code that must stay zod-free. */
export type ResponseParser<T = unknown> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown }
}

/** What a parser yields: a zod schema's output type, or a hand-written parser's data type. */
export type ParsedOutput<S> = S extends z.ZodType ? z.output<S> : S extends ResponseParser<infer T> ? T : never

/**
 * The zod schema that checks a response, or a promise of it: `import('@preloved/shared/x').then((m) => m.xSchema)`
 * lets a page keep zod out of its first chunk; the schema then downloads while the request is in flight.
 */
export type ResponseSchema<S extends ResponseParser> = S | PromiseLike<S>

type Sent = { response: Response; data: unknown; sentToken: string | null }

/** How a call reaches the API: the browser's fetch, or on the server the visitor's own request handler. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>
let serverFetch: (() => ApiFetch | undefined) | undefined

/**
 * On the server, pages render through the API as the visitor who asked for them (their cookie, their address): the
 * server-side loaders register here how to find that visitor's transport for the call being made (lib/server-api).
 */
export function setServerFetch(find: () => ApiFetch | undefined): void {
  serverFetch = find
}

async function send(method: string, path: string, body: unknown, options: RequestOptions): Promise<Sent> {
  const headers = new Headers(options.headers)
  headers.set('Accept', 'application/json')
  const sentToken = options.withoutToken ? null : getAccessToken()
  if (sentToken) headers.set('Authorization', `Bearer ${sentToken}`)

  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(body)
  }

  let response: Response
  try {
    const transport = serverFetch?.() ?? fetch
    response = await transport(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: payload,
      signal: options.signal,
      credentials: 'same-origin',
    })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw networkError()
  }
  return { response, data: await readBody(response), sentToken }
}

async function request<S extends ResponseParser>(
  method: string,
  path: string,
  responseSchema: ResponseSchema<S>,
  body: unknown,
  options: RequestOptions = {},
): Promise<ParsedOutput<S>> {
  return (await requestWithHeaders(method, path, responseSchema, body, options)).data
}

/** The cursor of the next page, from a `Link: <…?cursor=…>; rel="next"` header (docs/product/storefront.md#lists); null on the last page. */
export function nextCursorOf(link: string | null): string | null {
  const target = link?.match(/<([^>]*)>\s*;\s*rel="?next"?/)?.[1]
  return target ? new URL(target, 'http://x').searchParams.get('cursor') : null
}

async function requestWithHeaders<S extends ResponseParser>(
  method: string,
  path: string,
  responseSchema: ResponseSchema<S>,
  body: unknown,
  options: RequestOptions = {},
): Promise<{ data: ParsedOutput<S>; headers: Headers }> {
  // Started now, awaited after the response: a rejected schema import must not go unhandled on an early exit.
  const schemaPromise = Promise.resolve(responseSchema)
  schemaPromise.catch(() => undefined)

  let sent = await send(method, path, body, options)
  if (sent.response.status === 401 && !options.ignoreUnauthorized && sent.sentToken) {
    // The token may just be out of date while the session cookie still holds: renew it (unless a call made at the
    // same time already did) and repeat this call once with the new one.
    const current = getAccessToken()
    const renewed = current !== null && current !== sent.sentToken ? true : await renewTokenOnce()
    if (renewed) sent = await send(method, path, body, options)
  }
  const { response, data } = sent
  if (!response.ok) {
    if (response.status === 401 && !options.ignoreUnauthorized) {
      clearAccessToken()
      onUnauthorized?.()
    }
    throw apiErrorOf(response.status, response.statusText, data)
  }

  const schema = await schemaPromise
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    const { error } = parsed
    const issues = typeof error === 'object' && error !== null && 'issues' in error ? error.issues : error
    console.error(`Unexpected response from ${method} ${API_PREFIX}${path}`, issues)
    throw invalidResponse(response.status)
  }
  return { data: parsed.data as ParsedOutput<S>, headers: response.headers }
}

/** Calls our own API under `/api`, adds the stored bearer token and checks the answer against a zod schema. */
export const api = {
  get: <S extends ResponseParser>(path: string, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('GET', path, schema, undefined, options),
  /** A paged list: its page and the cursor of the next one (from the `Link` header; null on the last page). */
  getPage: async <S extends ResponseParser>(path: string, schema: ResponseSchema<S>, options?: RequestOptions) => {
    const { data, headers } = await requestWithHeaders('GET', path, schema, undefined, options)
    return { data, next: nextCursorOf(headers.get('link')) }
  },
  post: <S extends ResponseParser>(path: string, body: unknown, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('POST', path, schema, body, options),
  put: <S extends ResponseParser>(path: string, body: unknown, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('PUT', path, schema, body, options),
  patch: <S extends ResponseParser>(path: string, body: unknown, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('PATCH', path, schema, body, options),
  delete: <S extends ResponseParser>(path: string, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('DELETE', path, schema, undefined, options),
}
