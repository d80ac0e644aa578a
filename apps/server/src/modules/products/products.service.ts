import { MAX_PHOTOS, type WearArea } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { CreateProductBody, UpdateProductBody } from '@preloved/shared/products'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { bookings, offers, paymentIntents, priceHistory, products } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { dollarsToCents, formatUsd } from '../../lib/money.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import { resolveBrand } from '../brands/brands.service.ts'
import type { ImageStore } from '../images/image-store.ts'
import { DISPLAY_PHOTO_SUFFIX, markUploadUsed, mayUsePhoto, thumbUrlOf } from '../images/images.service.ts'
import { queueListingMatch } from '../saved-searches/saved-searches.repository.ts'
import type { ListingsChanged } from './list-cache.ts'

/** A lone UTF-16 surrogate: JSON can carry it, PostgreSQL's jsonb refuses it (a 500); it becomes U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Wear notes as stored: empty ones dropped, text that jsonb can hold. */
const wearOf = (wear: NonNullable<CreateProductBody['wear']>) =>
  Object.fromEntries(
    Object.entries(wear)
      .filter(([, note]) => note)
      .map(([area, note]) => [area, note.replace(LONE_SURROGATE, '\uFFFD')]),
  ) as Partial<Record<WearArea, string>>

/**
 * A listing's photos checked, all of them, before anything is written: each must be a display-size photo of our
 * store (400 naming `photos`, or `img` for the original call), each at most once, and each the seller's own upload or
 * already on one of their listings (403: another seller's photo). Answers them with the thumbs the server made.
 */
async function checkPhotos(db: DbOrTx, store: ImageStore, sellerId: string, urls: string[], field: 'img' | 'photos') {
  if (new Set(urls).size !== urls.length) throw new AppError(400, messages.listings.photoTwice, { field })
  const keys = urls.map((url) => {
    const key = store.keyOf(url)
    if (!key?.endsWith(DISPLAY_PHOTO_SUFFIX))
      throw new AppError(400, field === 'img' ? messages.products.notOurImage : messages.listings.photoNotOurs, {
        field,
      })
    return key
  })
  for (const [i, key] of keys.entries()) {
    if (!(await mayUsePhoto(db, key, urls[i]!, sellerId))) throw new AppError(403, messages.products.photoNotYours)
  }
  return keys.map((key, i) => ({ key, url: urls[i]!, thumb: thumbUrlOf(store, key) }))
}

/** The details of docs/product/listings.md#fields, as columns, for the ones the body sends (brand resolved, includes once each). */
async function detailColumns(db: DbOrTx, body: Pick<CreateProductBody, DetailField>, limits: ListingLimits) {
  // shipping is not commission's: a listing cannot move its price into it (docs/decisions/035)
  if (body.shipping !== undefined && dollarsToCents(body.shipping) > limits.maxShippingCents)
    throw new AppError(400, messages.listings.shippingTooHigh(formatUsd(limits.maxShippingCents)), {
      field: 'shipping',
    })
  return {
    ...(body.brand !== undefined ? { brandId: (await resolveBrand(db, body.brand)).id } : {}),
    ...(body.colour !== undefined ? { colour: body.colour } : {}),
    ...(body.material !== undefined ? { material: body.material } : {}),
    ...(body.wear !== undefined ? { wear: wearOf(body.wear) } : {}),
    ...(body.measurements !== undefined
      ? {
          measurements: Object.fromEntries(Object.entries(body.measurements).filter(([, v]) => v !== undefined)),
        }
      : {}),
    ...(body.includes !== undefined ? { includes: [...new Set(body.includes)] } : {}),
    ...(body.shipping !== undefined ? { shippingCents: dollarsToCents(body.shipping) } : {}),
  }
}
type DetailField = 'brand' | 'colour' | 'material' | 'wear' | 'measurements' | 'includes' | 'shipping'

/** What a listing may ask, from the configuration: MAX_SHIPPING. */
export interface ListingLimits {
  maxShippingCents: number
}

/**
 * A new listing by the signed-in seller: identity from the token, the photos from our own store, uploaded by this
 * seller (or already on one of their listings): another seller's photo is refused (403). The original call sends `img`
 * alone, which becomes the only photo. The first price goes into the price history in the same transaction.
 */
export async function createProduct(
  db: Db,
  listingsChanged: ListingsChanged,
  store: ImageStore,
  seller: CurrentUser,
  body: CreateProductBody,
  limits: ListingLimits,
) {
  const urls = body.photos ? body.photos.map((p) => p.url) : [body.img ?? '']
  const photos = await checkPhotos(db, store, seller.id, urls, body.photos ? 'photos' : 'img')
  const details = await detailColumns(db, body, limits)
  const cover = photos[0]!
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        sellerId: seller.id,
        title: body.title,
        img: cover.url,
        thumb: cover.thumb,
        photos: photos.map(({ url, thumb }) => ({ url, thumb })),
        category: body.category,
        originalPriceCents: dollarsToCents(body.original_price),
        resellPriceCents: dollarsToCents(body.resell_price),
        year: body.year,
        location: body.location,
        phone: body.phone,
        condition: body.condition,
        description: body.description,
        specialty: body.specialty ?? '',
        ...details,
      })
      .returning({ id: products.id, createdAt: products.createdAt, priceCents: products.resellPriceCents })
    await tx.insert(priceHistory).values({ productId: row!.id, priceCents: row!.priceCents, at: row!.createdAt })
    for (const photo of photos) await markUploadUsed(tx, photo.key, seller.id, row!.id)
    // the saved searches it matches are told by a background job; it waits for it from this commit (decision 033)
    await queueListingMatch(tx, row!.id)
    return row!.id
  })
  listingsChanged()
  return id
}

/**
 * The checks of PATCH /api/categoryDetails/{id} that come before its body's (docs/product/storefront.md#status-precedence: 404, then 403, then
 * 400, then 409): the listing exists and is not removed, and the caller is its seller or an admin.
 */
export const mayEditProduct = (db: Db, user: CurrentUser, id: string) => ownListing(db, user, id, true)

/**
 * Changes a listing (its seller, or an admin moderating). Only what the body sends changes; photos, wear notes and
 * measurements are replaced as a whole. A price change is kept in the price history, and `previous_price` says
 * what it was when it went down (null when it went up), in the one transaction that changes the row: the update
 * re-checks that the bag is still for sale, so an edit racing a sale gets 409 and a sold bag is never changed.
 * Answers the price drop, when the price went down (its wishlisters are told).
 */
export async function updateProduct(
  db: Db,
  listingsChanged: ListingsChanged,
  store: ImageStore,
  user: CurrentUser,
  id: string,
  body: UpdateProductBody,
  now: Date,
  limits: ListingLimits,
) {
  const listing = await ownListing(db, user, id, true)
  // a bad body (400) is told before a sold bag (409); the transaction below checks the status
  if (body.img !== undefined && body.photos !== undefined && body.photos[0]?.url !== body.img)
    throw new AppError(400, messages.listings.coverNotFirst, { field: 'img' })
  // photos must be the listing's seller's (an admin moderating cannot put their own on it)
  const photos = body.photos
    ? await checkPhotos(
        db,
        store,
        listing.sellerId,
        body.photos.map((p) => p.url),
        'photos',
      )
    : body.img !== undefined
      ? // the original field alone: a new cover, the other photos kept after it
        await checkPhotos(
          db,
          store,
          listing.sellerId,
          [body.img, ...listing.photos.map((p) => p.url).filter((url) => url !== body.img)].slice(0, MAX_PHOTOS),
          'img',
        )
      : undefined
  const details = await detailColumns(db, body, limits)
  const newPrice = body.resell_price === undefined ? undefined : dollarsToCents(body.resell_price)
  const drop = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: products.status, priceCents: products.resellPriceCents })
      .from(products)
      .where(eq(products.id, id))
      .for('update')
    if (current?.status !== 'available') throw new AppError(409, messages.listings.soldNoEdit)
    const priceChanged = newPrice !== undefined && newPrice !== current.priceCents
    const changes = {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.original_price !== undefined ? { originalPriceCents: dollarsToCents(body.original_price) } : {}),
      ...(body.location !== undefined ? { location: body.location } : {}),
      ...(body.year !== undefined ? { year: body.year } : {}),
      ...(body.condition !== undefined ? { condition: body.condition } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.specialty !== undefined ? { specialty: body.specialty } : {}),
      ...(photos
        ? {
            img: photos[0]!.url,
            thumb: photos[0]!.thumb,
            photos: photos.map(({ url, thumb }) => ({ url, thumb })),
          }
        : {}),
      ...details,
    }
    // a held bag's deal is frozen for its buyer: anything but its price that would change is refused (409)
    const until = await heldUntil(tx, id, now)
    if (until) {
      const frozen = await changedFields(tx, id, changes)
      if (frozen.length > 0 || (priceChanged && newPrice > current.priceCents))
        throw new AppError(
          409,
          messages.listings.heldNoEdit(`${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`, [
            ...frozen,
            ...(priceChanged && newPrice > current.priceCents ? ['price (upwards)'] : []),
          ]),
        )
    }
    const updated = await tx
      .update(products)
      .set({
        ...changes,
        ...(priceChanged
          ? {
              resellPriceCents: newPrice,
              previousPriceCents: newPrice < current.priceCents ? current.priceCents : null,
            }
          : {}),
        updatedAt: now,
      })
      .where(and(eq(products.id, id), eq(products.status, 'available')))
      .returning({ id: products.id })
    if (updated.length === 0) throw new AppError(409, messages.listings.soldNoEdit)
    if (priceChanged && newPrice < current.priceCents && until) {
      // the held buyer pays the lower price: their hold takes it, and a payment opened at the old amount is refused
      // with the fresh one (the payment page opens a new one)
      const held = await tx
        .update(bookings)
        .set({ priceCents: sql`least(${bookings.priceCents}, ${newPrice})` })
        .where(and(eq(bookings.productId, id), eq(bookings.status, 'held')))
        .returning({ id: bookings.id })
      if (held.length > 0)
        await tx
          .update(paymentIntents)
          .set({ status: 'superseded' })
          .where(
            and(
              inArray(
                paymentIntents.bookingId,
                held.map((b) => b.id),
              ),
              eq(paymentIntents.status, 'open'),
            ),
          )
    }
    // stamped by the database, as the first price was: the history's order never depends on two clocks
    if (priceChanged) await tx.insert(priceHistory).values({ productId: id, priceCents: newPrice })
    for (const photo of photos ?? []) await markUploadUsed(tx, photo.key, listing.sellerId, id)
    return priceChanged && newPrice < current.priceCents
      ? { fromCents: current.priceCents, toCents: newPrice }
      : undefined
  })
  listingsChanged()
  return drop
}

/**
 * Until when the bag is held for a buyer (docs/decisions/035): an unpaid hold that has not run out, or an accepted
 * offer's hold not yet booked; null when it is not held. Read under the bag's row lock.
 */
async function heldUntil(tx: DbOrTx, productId: string, now: Date): Promise<Date | null> {
  const at = now.toISOString()
  const [row] = await tx
    .execute(sql`
    select max(until) as "until" from (
      select ${bookings.expiresAt} as until from ${bookings}
        where ${bookings.productId} = ${productId} and ${bookings.status} = 'held' and ${bookings.expiresAt} > ${at}::timestamptz
      union all
      select ${offers.holdUntil} from ${offers}
        where ${offers.productId} = ${productId} and ${offers.status} = 'accepted' and ${offers.bookingId} is null
          and ${offers.holdUntil} > ${at}::timestamptz
    ) h`)
    .then((r) => (r as unknown as { rows: { until: string | Date | null }[] }).rows)
  return row?.until ? new Date(row.until) : null
}

/** The names of the listing's fields an edit would really change (the form sends them all, changed or not). */
async function changedFields(tx: DbOrTx, productId: string, changes: Record<string, unknown>): Promise<string[]> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId))
  const current = row as unknown as Record<string, unknown>
  return Object.entries(changes)
    .filter(([key, value]) => stable(value) !== stable(current[key]))
    .map(([key]) => FIELD_NAMES[key] ?? key)
    .filter((name, i, all) => all.indexOf(name) === i)
}

/** JSON with object keys sorted, so that a jsonb column compares equal to the same value sent in another order. */
const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  ) ?? 'null'

/** How a refused edit names the columns it would have changed. */
const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  description: 'description',
  img: 'photos',
  thumb: 'photos',
  photos: 'photos',
  shippingCents: 'shipping',
  originalPriceCents: 'original price',
  brandId: 'brand',
  wear: 'wear notes',
  measurements: 'measurements',
  includes: 'what is included',
  specialty: 'specialty',
}

/** The listing a seller (or an admin) acts on: 404 when missing or removed, 403 when someone else's. */
async function ownListing(db: Db, user: CurrentUser, id: string, allowAdmin: boolean) {
  const [row] = isUuid(id)
    ? await db
        .select({
          id: products.id,
          sellerId: products.sellerId,
          status: products.status,
          title: products.title,
          photos: products.photos,
        })
        .from(products)
        .where(eq(products.id, id))
    : []
  if (!row || row.status === 'removed') throw new AppError(404, messages.products.notFound)
  if (row.sellerId !== user.id && !(allowAdmin && user.role === 'admin'))
    throw new AppError(403, messages.products.notYours)
  return row
}

export async function advertiseProduct(
  db: Db,
  listingsChanged: ListingsChanged,
  seller: CurrentUser,
  id: string,
): Promise<number> {
  const row = await ownListing(db, seller, id, false)
  if (row.status === 'sold') throw new AppError(409, messages.products.soldNoAdvertise)
  const updated = await db
    .update(products)
    .set({ advertisement: true })
    .where(and(eq(products.id, id), eq(products.advertisement, false)))
    .returning({ id: products.id })
  listingsChanged()
  return updated.length
}

/**
 * "Delete" keeps the row (bookings, payments and reports point at it) but removes the listing everywhere;
 * unpaid bookings of it are cancelled in the same transaction. A sold bag stays as it is (409).
 */
export async function deleteProduct(
  db: Db,
  listingsChanged: ListingsChanged,
  user: CurrentUser,
  id: string,
): Promise<number> {
  const row = await ownListing(db, user, id, true)
  if (row.status === 'sold') throw new AppError(409, messages.products.soldNoDelete)
  const deletedCount = await db.transaction(async (tx) => {
    const removed = await tx
      .update(products)
      .set({ status: 'removed', advertisement: false })
      .where(and(eq(products.id, id), eq(products.status, 'available')))
      .returning({ id: products.id })
    if (removed.length === 0) throw new AppError(409, messages.products.soldNoDelete)
    await tx
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(and(eq(bookings.productId, id), eq(bookings.status, 'held')))
    return removed.length
  })
  listingsChanged()
  return deletedCount
}
