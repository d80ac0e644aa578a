import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { afterCursor, type Cursor } from '../../lib/paging.ts'

export const findUserByEmail = (db: DbOrTx, email: string) =>
  db
    .select({ id: users.id, role: users.role, verified: users.verified })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)))
    .then((r) => r[0])

/** Customers or sellers, newest first, keyset-paged like every list. */
export async function listUsers(db: DbOrTx, role: 'customer' | 'seller', page: { limit: number; cursor?: Cursor }) {
  const where = [eq(users.role, role), isNull(users.deletedAt)]
  if (page.cursor) where.push(afterCursor(users.createdAt, users.id, page.cursor))
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      verified: users.verified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit + 1)
  const hasMore = rows.length > page.limit
  return { rows: hasMore ? rows.slice(0, page.limit) : rows, hasMore }
}

/** Why an admin withdrew this seller's verification, if they did. */
export const unverifiedReason = (db: DbOrTx, id: string) =>
  db
    .select({ reason: users.unverifiedReason })
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]?.reason ?? null)
