import { messages } from '@preloved/shared/messages'
import {
  isAlwaysMailed,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type UnsubscribeResult,
  type UnsubscribeScope,
} from '@preloved/shared/notifications'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products, users, wishlists } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import { type UnsubscribeClaims, unsubscribeKey, verifyUnsubscribeToken } from '../mail/unsubscribe-token.ts'
import { readSettings, writeSettings } from './notifications.repository.ts'
import { type NotifyDeps, notify } from './notify.ts'

const t = messages.notifications

/** The kinds a scope covers: one kind, or (`all`) every kind that can be turned off. */
export const kindsOf = (scope: UnsubscribeScope): NotificationKind[] =>
  scope === 'all' ? NOTIFICATION_KINDS.filter((k) => !isAlwaysMailed(k)) : [scope]

/** The users who keep this bag on their wishlist (accounts not deleted), but `except` (its seller, its buyer). */
async function wishersOf(db: DbOrTx, productId: string, except: readonly string[]) {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(wishlists)
    .innerJoin(users, eq(users.id, wishlists.userId))
    .where(and(eq(wishlists.productId, productId), isNull(users.deletedAt)))
  return rows.filter((r) => !except.includes(r.id))
}

const productLink = (productId: string) => `/product/${productId}`

/** A price drop is told when the price is at least this far below the one a wishlister last heard of (decision 033). */
export const PRICE_DROP_MIN_PERCENT = 5
/** And a wishlister hears of a bag's price drops at most this often. */
const PRICE_DROP_EVERY_MS = 86_400_000

/**
 * A listing's price went down (PATCH /api/categoryDetails/{id}): each member who keeps it on their
 * wishlist is told, in the app and by mail (kind price_drop), when the drop is meaningful (decision 033): the new
 * price is at least PRICE_DROP_MIN_PERCENT below the one they last heard of (the price when they saved it, then the
 * last drop they were told of; `fromCents` for entries older than the rule), and they were not told of this bag's
 * price in the last day. The wishlist entries are claimed in one statement (a second drop at the same moment finds
 * them told), and what they last heard of moves to the new price. Called after the change committed; never throws.
 */
export async function notifyPriceDrop(deps: NotifyDeps, productId: string, fromCents: number, toCents: number) {
  try {
    const [bag] = await deps.db
      .select({ title: products.title, sellerId: products.sellerId })
      .from(products)
      .where(eq(products.id, productId))
    if (!bag) return
    const now = deps.now?.() ?? new Date()
    const to = formatUsd(toCents)
    const link = productLink(productId)
    for (const wisher of await claimPriceDropWishers(deps.db, productId, bag.sellerId, fromCents, toCents, now)) {
      const from = formatUsd(wisher.heardCents)
      await notify(deps, {
        userId: wisher.id,
        kind: 'price_drop',
        text: t.priceDrop(bag.title, from, to),
        link,
        mail: {
          subject: t.priceDropSubject(bag.title),
          text: t.priceDropMail({ name: wisher.name, title: bag.title, from, to, link: deps.publicUrl + link }),
        },
      })
    }
  } catch (err) {
    deps.log?.warn({ err, productId }, 'price drop not notified')
  }
}

/**
 * The wishlisters of a bag (accounts not deleted, not its seller) to tell of its new price, with the price each last
 * heard of: those for whom it is a meaningful drop and who were not told within the day. Their entries are marked
 * told of the new price in the same statement (rows locked by another drop at the same moment are waited for, then
 * checked again), so each drop is told to each wishlister once at most.
 */
async function claimPriceDropWishers(
  db: DbOrTx,
  productId: string,
  sellerId: string,
  fromCents: number,
  toCents: number,
  now: Date,
): Promise<Array<{ id: string; name: string; heardCents: number }>> {
  const since = new Date(now.getTime() - PRICE_DROP_EVERY_MS).toISOString()
  const percent = 100 - PRICE_DROP_MIN_PERCENT
  const due = sql`${toCents} * 100 <= coalesce(w.told_price, ${fromCents}) * ${percent}
    and (w.price_told_at is null or w.price_told_at <= ${since}::timestamptz)`
  const result = (await db.execute(sql`
    with due as (
      select w.id, coalesce(w.told_price, ${fromCents}) as heard
      from ${wishlists} w join ${users} u on u.id = w.user_id
      where w.product_id = ${productId} and w.user_id <> ${sellerId} and u.deleted_at is null and ${due}
      for update of w
    )
    update ${wishlists} w set told_price = ${toCents}, price_told_at = ${now.toISOString()}::timestamptz
    from due, ${users} u
    where w.id = due.id and u.id = w.user_id and ${due}
    returning w.user_id, u.name, due.heard
  `)) as unknown as { rows: Array<{ user_id: string; name: string; heard: number }> }
  return result.rows.map((r) => ({ id: r.user_id, name: r.name, heardCents: Number(r.heard) }))
}

/**
 * A bag was paid for (the order is made at payment): everyone else who kept it on their wishlist is told it has sold
 * (kind wishlist_sold), with a link to its page (which offers similar bags). Never throws.
 */
export async function notifyWishlistSold(deps: NotifyDeps, productId: string, buyerId: string) {
  try {
    const [bag] = await deps.db
      .select({ title: products.title, sellerId: products.sellerId })
      .from(products)
      .where(and(eq(products.id, productId), ne(products.status, 'removed')))
    if (!bag) return
    const link = productLink(productId)
    for (const wisher of await wishersOf(deps.db, productId, [bag.sellerId, buyerId])) {
      await notify(deps, {
        userId: wisher.id,
        kind: 'wishlist_sold',
        text: t.wishlistSold(bag.title),
        link,
        mail: {
          subject: t.wishlistSoldSubject(bag.title),
          text: t.wishlistSoldMail({ name: wisher.name, title: bag.title, link: deps.publicUrl + link }),
        },
      })
    }
  } catch (err) {
    deps.log?.warn({ err, productId }, 'wishlist sale not notified')
  }
}

/** The claims of an unsubscribe token whose account still exists; 400 for a forged or expired one. */
async function claimsOf(db: DbOrTx, authSecret: string, token: string | undefined, now: Date) {
  if (!token) throw new AppError(400, t.unsubscribeMissing)
  const claims = verifyUnsubscribeToken(unsubscribeKey(authSecret), token, now)
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, claims.userId), isNull(users.deletedAt)))
  if (!user) throw new AppError(400, t.unsubscribeInvalid)
  return claims
}

const resultOf = async (db: DbOrTx, claims: UnsubscribeClaims): Promise<UnsubscribeResult> => {
  const kinds = kindsOf(claims.scope)
  const settings = await readSettings(db, claims.userId)
  return {
    scope: claims.scope,
    labels: kinds.map((k) => NOTIFICATION_KIND_LABELS[k]),
    off: kinds.every((k) => !settings.mail[k]),
  }
}

/** What a link would turn off, and whether it is off already (the confirmation page); 400 for a bad link. */
export async function previewUnsubscribe(db: DbOrTx, authSecret: string, token: string | undefined, now: Date) {
  return resultOf(db, await claimsOf(db, authSecret, token, now))
}

/**
 * A signed link's one click (RFC 8058) or the confirmation page's button: its kind's mail (or every kind that can be)
 * is turned off for the account the link was made for, whoever clicks. Doing it twice changes nothing more.
 */
export async function unsubscribe(db: DbOrTx, authSecret: string, token: string | undefined, now: Date) {
  const claims = await claimsOf(db, authSecret, token, now)
  await writeSettings(db, claims.userId, Object.fromEntries(kindsOf(claims.scope).map((k) => [k, false])), now)
  return resultOf(db, claims)
}
