import { messages } from '@preloved/shared/messages'
import type { DbOrTx } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { findUserByEmail } from './users.repository.ts'

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Whose data a `?email=` or `/{email}` asks for (docs/product/storefront.md#api-rules): the caller's own, or, for an admin, anyone's;
 * 403 for anyone else's. Undefined when no such account exists.
 */
export async function emailScope(
  db: DbOrTx,
  user: CurrentUser,
  email: string,
): Promise<Pick<CurrentUser, 'id' | 'role' | 'verified'> | undefined> {
  if (sameEmail(user.email, email)) return user
  if (user.role !== 'admin') throw new AppError(403, messages.auth.notYourEmail)
  return findUserByEmail(db, email)
}
