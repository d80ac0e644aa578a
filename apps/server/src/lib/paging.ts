import { messages } from '@preloved/shared/messages'
import { type Column, type SQL, sql } from 'drizzle-orm'
import { AppError } from './errors.ts'

export interface Cursor {
  createdAt: Date
  id: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string): boolean => UUID.test(value)

/** Keyset cursor: the (created_at, id) of the last row of the previous page, base64url-encoded. */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url')
}

/** `ids: 'uuid'` for our tables, `'text'` for better-auth's (random strings). */
export function decodeCursor(cursor: string, ids: 'uuid' | 'text' = 'uuid'): Cursor {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const createdAt = new Date(iso ?? '')
  const idOk = id && (ids === 'uuid' ? isUuid(id) : /^[\w-]{1,64}$/.test(id))
  if (!idOk || Number.isNaN(createdAt.getTime())) {
    throw new AppError(400, messages.common.invalidCursor)
  }
  return { createdAt, id }
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
