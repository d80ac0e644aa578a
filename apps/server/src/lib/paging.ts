import { messages } from '@preloved/shared/messages'
import { type Column, type SQL, sql } from 'drizzle-orm'
import { AppError } from './errors.ts'

export interface Cursor {
  createdAt: Date
  id: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string): boolean => UUID.test(value)

/**
 * The instants a cursor may carry: every row of the shop is created between them. PostgreSQL cannot store some dates
 * JavaScript can (year +275760), so a made-up cursor outside this range would fail its query instead of being refused.
 */
export const CURSOR_FROM = Date.UTC(2000, 0, 1)
export const CURSOR_UNTIL = Date.UTC(2101, 0, 1)

/** The longest cursor encodeCursor writes: a 24-character instant, `|` and a 64-character id, in base64url. */
export const MAX_CURSOR_LENGTH = 119

/** What encodeCursor writes, exactly: `toISOString()` (milliseconds, UTC), `|`, the id. */
const CURSOR_TEXT = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|(.*)$/
const UUID_LOWER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TEXT_ID = /^[A-Za-z0-9_-]{1,64}$/

/** Keyset cursor: the (created_at, id) of the last row of the previous page, base64url-encoded. */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url')
}

/**
 * A cursor as encodeCursor wrote it, or a 400 naming `cursor` (decision 031): canonical base64url of at most
 * MAX_CURSOR_LENGTH characters, an instant in `toISOString()` form that reads back the same (no 30 February) between
 * CURSOR_FROM and CURSOR_UNTIL, and an id of the table's form: `'uuid'` (lower case, as PostgreSQL prints it) for our
 * tables, `'text'` for better-auth's (random strings).
 */
export function decodeCursor(cursor: string, ids: 'uuid' | 'text' = 'uuid'): Cursor {
  const invalid = () => new AppError(400, messages.common.invalidCursor, { field: 'cursor' })
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid()
  const bytes = Buffer.from(cursor, 'base64url')
  if (bytes.toString('base64url') !== cursor) throw invalid()
  const match = CURSOR_TEXT.exec(bytes.toString('utf8'))
  if (!match) throw invalid()
  const [, iso = '', id = ''] = match
  const at = Date.parse(iso)
  if (!Number.isFinite(at) || at < CURSOR_FROM || at >= CURSOR_UNTIL || new Date(at).toISOString() !== iso) {
    throw invalid()
  }
  if (!(ids === 'uuid' ? UUID_LOWER : TEXT_ID).test(id)) throw invalid()
  return { createdAt: new Date(at), id }
}

/** `Link: <url>; rel="next"` for the page after `rows`, when there is one. */
export function nextLink(url: string, cursor: string): string {
  const u = new URL(url, 'http://x')
  u.searchParams.set('cursor', cursor)
  return `<${u.pathname}${u.search}>; rel="next"`
}

/**
 * Rows after the cursor in `(created_at desc, id desc)` order: the keyset condition every list uses. A row comparison,
 * `(created_at, id) < (X, Y)`, which means `created_at < X or (created_at = X and id < Y)` for NOT NULL columns (ours
 * all are) but which PostgreSQL reads as one index condition on an index ordered like the list (`x desc nulls first,
 * id desc nulls first`), where the `or` was a filter over every row before the cursor. Only for lists ordered by both
 * columns descending. Each value is bound with its column's encoder, as `lt(column, value)` binds it.
 */
export const afterCursor = (createdAt: Column, id: Column, cursor: Cursor): SQL =>
  sql`(${createdAt}, ${id}) < (${sql.param(cursor.createdAt, createdAt)}, ${sql.param(cursor.id, id)})`
