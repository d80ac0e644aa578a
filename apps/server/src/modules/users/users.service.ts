import { messages } from '@preloved/shared/messages'
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { accounts, bookings, products, reports, sessions, users, wishlists } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import type { Mailer } from '../mail/mail.service.ts'
import { balanceOf } from '../orders/ledger.ts'
import { openOrdersOf } from '../orders/orders.repository.ts'
import type { ListingsChanged } from '../products/list-cache.ts'

const activeUser = async (db: Db, id: string) =>
  (
    await db
      .select({ id: users.id, role: users.role, verified: users.verified })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
  )[0]

/**
 * Ends a user's sessions, and with them every access token minted from them (plugins/auth.ts): all of them, or all
 * but `keep` (the session making the change stays signed in, as with a password change that revokes the others).
 */
export async function endSessions(db: DbOrTx, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id })
  return ended.length
}

/**
 * POST /api/users: the signed-in user's name and role (customer or seller; an admin stays admin). Right after
 * sign-up this sets the role of a fresh account whose only session is the caller's. A later change of role ends the
 * account's other sessions and their tokens: a role is a privilege, and the devices that signed in under the old one
 * sign in again. The caller's own session stays.
 */
export async function recordProfile(
  db: Db,
  listingsChanged: ListingsChanged,
  user: CurrentUser,
  sessionId: string | undefined,
  body: { name: string; role: 'customer' | 'seller' },
): Promise<number> {
  // an admin stays admin; nobody becomes admin through this call
  const role = user.role === 'admin' ? 'admin' : body.role
  const modified = await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ name: body.name, role, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .returning({ id: users.id })
    if (updated.length > 0 && role !== user.role) await endSessions(tx, user.id, sessionId)
    return updated.length
  })
  listingsChanged() // listings show the seller's name
  return modified
}

/** Admin: mark a seller verified; their listings show the badge from now on. */
export async function verifySeller(db: Db, listingsChanged: ListingsChanged, id: string): Promise<number> {
  const user = await activeUser(db, id)
  if (!user) throw new AppError(404, messages.users.notFound)
  if (user.role !== 'seller') throw new AppError(409, messages.users.notSeller)
  const updated = await db
    .update(users)
    .set({ verified: true, unverifiedReason: null, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.verified, false)))
    .returning({ id: users.id })
  listingsChanged() // the badge shows on their listings at once
  return updated.length
}

/**
 * Admin: withdraw a seller's verification. The reason is kept (the seller sees it with their status) and
 * mailed to the seller; their listings lose the badge at once. An unverified seller is a 409: nothing to withdraw.
 */
export async function unverifySeller(
  db: Db,
  listingsChanged: ListingsChanged,
  mailer: Mailer,
  id: string,
  reason: string,
): Promise<number> {
  const user = await activeUser(db, id)
  if (!user) throw new AppError(404, messages.users.notFound)
  if (user.role !== 'seller') throw new AppError(409, messages.users.notSeller)
  const updated = await db
    .update(users)
    .set({ verified: false, unverifiedReason: reason, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.verified, true)))
    .returning({ email: users.email, name: users.name })
  const seller = updated[0]
  if (!seller) throw new AppError(409, messages.users.notVerified)
  listingsChanged() // the badge leaves their listings at once
  await mailer
    .send({
      to: seller.email,
      subject: 'Your seller account is no longer verified',
      text: `Hello ${seller.name},\n\nOur team withdrew the verified badge from your seller account on Preloved Bags Co.\n\nReason: ${reason}\n\nYour listings stay in the shop without the badge. If you think this is a mistake, or once it is put right, reply to this mail and we will look again.\n`,
    })
    .catch(() => {})
  return updated.length
}

/** Admin: what to know about an account before verifying or unverifying it. Null for an unknown id. */
export async function userSummary(db: Db, id: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      verified: users.verified,
      createdAt: users.createdAt,
      unverifiedReason: users.unverifiedReason,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
  if (!user) return null
  const [counts] = await db
    .select({
      listings: sql<number>`count(*) filter (where ${products.status} = 'available')::int`,
      sales: sql<number>`count(*) filter (where ${products.status} = 'sold')::int`,
    })
    .from(products)
    .where(eq(products.sellerId, id))
  const [reported] = await db
    .select({
      reports: sql<number>`count(*)::int`,
      openReports: sql<number>`count(*) filter (where ${reports.status} = 'open')::int`,
    })
    .from(reports)
    .innerJoin(products, eq(products.id, reports.productId))
    .where(eq(products.sellerId, id))
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    verified: user.verified,
    joined: user.createdAt.toISOString(),
    listings: counts?.listings ?? 0,
    sales: counts?.sales ?? 0,
    reports: reported?.reports ?? 0,
    openReports: reported?.openReports ?? 0,
    unverifiedReason: user.verified ? null : user.unverifiedReason,
  }
}

/**
 * Admin: delete an account (docs/product/accounts.md#deleting-accounts). In one transaction: their listings become removed, unpaid bookings by them
 * or of their listings are cancelled, their wishlist, sessions and sign-in methods go, and the account is marked
 * deleted with its email freed. Paid orders and payments are kept: money records are never deleted.
 */
export async function deleteUser(
  db: Db,
  listingsChanged: ListingsChanged,
  admin: CurrentUser,
  id: string,
): Promise<number> {
  if (id === admin.id) throw new AppError(409, messages.users.notSelf)
  const user = await activeUser(db, id)
  if (!user) throw new AppError(404, messages.users.notFound)
  if (user.role === 'admin') throw new AppError(403, messages.users.notAdmin)
  const deletedCount = await db.transaction(async (tx) => {
    // money first. Open orders (either side) and any balance must be settled before the account goes; the
    // user's row is locked so no order of theirs is paid meanwhile (payments lock the buyer's row too)
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update')
    const open = await openOrdersOf(tx, id)
    if (open > 0) throw new AppError(409, messages.orderMoves.accountHasOpenOrders(open))
    const balance = await balanceOf(tx, id, new Date()) // pending + available: the same whatever the time
    if (balance.pending !== 0 || balance.available !== 0)
      throw new AppError(409, messages.orderMoves.accountHasBalance(formatUsd(balance.pending + balance.available)))
    const listings = await tx
      .update(products)
      .set({ status: 'removed', advertisement: false })
      .where(and(eq(products.sellerId, id), ne(products.status, 'sold')))
      .returning({ id: products.id })
    const listingIds = listings.map((l) => l.id)
    await tx
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(bookings.status, 'held'),
          listingIds.length > 0
            ? or(eq(bookings.customerId, id), inArray(bookings.productId, listingIds))
            : eq(bookings.customerId, id),
        ),
      )
    await tx.delete(wishlists).where(eq(wishlists.userId, id))
    await endSessions(tx, id) // their access tokens die with the sessions
    await tx.delete(accounts).where(eq(accounts.userId, id))
    const deleted = await tx
      .update(users)
      .set({ deletedAt: new Date(), email: `deleted-${id}@deleted.invalid`, verified: false, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ id: users.id })
    return deleted.length
  })
  listingsChanged() // their listings are gone
  return deletedCount
}
