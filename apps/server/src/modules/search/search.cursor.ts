import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { SearchSort } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import { AppError } from '../../lib/errors.ts'
import { isUuid } from '../../lib/paging.ts'

/**
 * Where the next page of a search starts: the sort it belongs to, the last row's sort key (as PostgreSQL printed it,
 * so that it compares exactly: a timestamp with microseconds, cents, or a `real` score) and its id.
 */
export interface SearchCursor {
  sort: SearchSort
  key: string
  id: string
}

/** A key of its own for cursors, derived from AUTH_SECRET (as tokens derive theirs). */
export const cursorKey = (secret: string): Buffer => createHash('sha256').update(`search-cursor:${secret}`).digest()

const KEY_FORMAT: Record<SearchSort, RegExp> = {
  newest: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/,
  price_asc: /^\d{1,10}$/,
  price_desc: /^\d{1,10}$/,
  relevance: /^-?\d+(\.\d+)?(e-?\d+)?$/,
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16)

/** Opaque to clients: base64url JSON and a MAC over it, so a changed or made-up cursor is told apart from ours. */
export function encodeSearchCursor(key: Buffer, cursor: SearchCursor): string {
  const payload = Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url')
  return `${payload}.${sign(key, payload).toString('base64url')}`
}

/** The cursor, if it is ours, well formed and of `sort`; else 400 naming `cursor`. */
export function decodeSearchCursor(key: Buffer, cursor: string, sort: SearchSort): SearchCursor {
  const invalid = () => new AppError(400, messages.search.invalidCursor, { field: 'cursor' })
  const [payload, mac, extra] = cursor.split('.')
  if (!payload || !mac || extra !== undefined) throw invalid()
  const expected = sign(key, payload)
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid()
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid()
  const [s, k, id] = parsed as unknown[]
  if (s !== sort || typeof k !== 'string' || typeof id !== 'string' || !isUuid(id) || !KEY_FORMAT[sort].test(k)) {
    throw invalid()
  }
  return { sort, key: k, id }
}
