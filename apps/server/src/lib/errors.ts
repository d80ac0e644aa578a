import { STATUS_CODES } from 'node:http'

/**
 * An error the API answers with as `{ statusCode, error, message, code?, field? }`; thrown by services, written by the
 * error handler. A 400 about one field of the request names it (`{ field: 'resell_price' }`), so that a form can show
 * the message under that field without reading the text.
 */
export class AppError extends Error {
  readonly statusCode: number
  readonly code: string | undefined
  readonly field: string | undefined

  constructor(statusCode: number, message: string, codeOrOptions?: string | { code?: string; field?: string }) {
    super(message)
    this.name = 'AppError'
    this.statusCode = statusCode
    const options = typeof codeOrOptions === 'string' ? { code: codeOrOptions } : (codeOrOptions ?? {})
    this.code = options.code
    this.field = options.field
  }

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error'
  }
}

/** PostgreSQL error code of a failed query on either driver (drizzle wraps it in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  const seen = new Set<unknown>()
  let e: unknown = err
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e)
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** The constraint a failed query broke, on either driver. */
export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const c = (e as { constraint?: unknown }).constraint
    if (typeof c === 'string') return c
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}
