import { and, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'

export const findUserByEmail = (db: DbOrTx, email: string) =>
  db
    .select({ id: users.id, role: users.role, verified: users.verified })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)))
    .then((r) => r[0])

export const updateProfile = (db: DbOrTx, id: string, set: { name: string; role: 'customer' | 'seller' | 'admin' }) =>
  db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id })
