import type { ErrorBody } from '@preloved/shared/common'
import type { z } from 'zod'
import { clearAccessToken, getAccessToken } from './access-token'

const API_PREFIX = '/api'

/** A failed API call, carrying the server's error body `{ statusCode, error, message }` (DESIGN §4). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly statusCode: number
  readonly error: string
  readonly code: string | undefined

  constructor(statusCode: number, error: string, message: string, code?: string) {
    super(message)
    this.statusCode = statusCode
    this.error = error
    this.code = code
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError

export type RequestOptions = {
  signal?: AbortSignal
  headers?: HeadersInit
  /** Leave a 401 to the caller (sign-in forms) instead of signing out and going to the login page. */
  ignoreUnauthorized?: boolean
}

type UnauthorizedHandler = () => void
let onUnauthorized: UnauthorizedHandler | undefined

/** The router registers how to get to the login page when the server answers 401 (STYLE §5). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler
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
  const { statusCode, error, message, code } = body as Record<string, unknown>
  return (
    typeof statusCode === 'number' &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    (code === undefined || typeof code === 'string')
  )
}

function toApiError(response: Response, body: unknown): ApiError {
  if (isErrorBody(body)) return new ApiError(body.statusCode, body.error, body.message, body.code)
  const statusText = response.statusText || `Error ${response.status}`
  return new ApiError(response.status, statusText, `Request failed: ${statusText}`)
}

/**
 * The zod schema that checks a response, or a promise of it: `import('@preloved/shared/x').then((m) => m.xSchema)`
 * lets a page keep zod out of its first chunk; the schema then downloads while the request is in flight.
 */
export type ResponseSchema<S extends z.ZodType> = S | PromiseLike<S>

async function request<S extends z.ZodType>(
  method: string,
  path: string,
  responseSchema: ResponseSchema<S>,
  body: unknown,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  // Started now, awaited after the response: a rejected schema import must not go unhandled on an early exit.
  const schemaPromise = Promise.resolve(responseSchema)
  schemaPromise.catch(() => undefined)

  const headers = new Headers(options.headers)
  headers.set('Accept', 'application/json')
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)

  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(body)
  }

  let response: Response
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: payload,
      signal: options.signal,
      credentials: 'same-origin',
    })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw new ApiError(0, 'Network Error', 'Could not reach the server. Check your connection and try again.')
  }

  const data = await readBody(response)
  if (!response.ok) {
    if (response.status === 401 && !options.ignoreUnauthorized) {
      clearAccessToken()
      onUnauthorized?.()
    }
    throw toApiError(response, data)
  }

  const schema = await schemaPromise
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${API_PREFIX}${path}`, parsed.error.issues)
    throw new ApiError(response.status, 'Invalid Response', 'The server sent a response this page does not understand.')
  }
  return parsed.data
}

/** Calls our own API under `/api`, adds the stored bearer token and checks the answer against a zod schema. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('GET', path, schema, undefined, options),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('POST', path, schema, body, options),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('PUT', path, schema, body, options),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('PATCH', path, schema, body, options),
  delete: <S extends z.ZodType>(path: string, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('DELETE', path, schema, undefined, options),
}
