import { messages } from '@preloved/shared/messages'
import type { CreateProductBody } from '@preloved/shared/products'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookings, products } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { dollarsToCents } from '../../lib/money.ts'
import { isUuid } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import type { ImageStore } from '../images/image-store.ts'
import { DISPLAY_PHOTO_SUFFIX, markUploadUsed, mayUsePhoto, thumbUrlOf } from '../images/images.service.ts'
import type { ListingsChanged } from './list-cache.ts'

/**
 * A new listing by the signed-in seller: identity from the token, the picture from our own store, uploaded by this
 * seller (or already on one of their listings): another seller's photo is refused (403).
 */
export async function createProduct(
  db: Db,
  listingsChanged: ListingsChanged,
  store: ImageStore,
  seller: CurrentUser,
  body: CreateProductBody,
) {
  const img = body.img ?? body.photos?.[0]?.url ?? ''
  const key = store.keyOf(img)
  if (!key?.endsWith(DISPLAY_PHOTO_SUFFIX)) throw new AppError(400, messages.products.notOurImage)
  if (!(await mayUsePhoto(db, key, img, seller.id))) throw new AppError(403, messages.products.photoNotYours)
  const thumb = thumbUrlOf(store, key)
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        sellerId: seller.id,
        title: body.title,
        img,
        thumb,
        photos: [{ url: img, thumb }],
        category: body.category,
        originalPriceCents: dollarsToCents(body.original_price),
        resellPriceCents: dollarsToCents(body.resell_price),
        year: body.year,
        location: body.location,
        phone: body.phone,
        condition: body.condition,
        description: body.description,
        specialty: body.specialty ?? '',
      })
      .returning({ id: products.id })
    await markUploadUsed(tx, key, seller.id, row!.id)
    return row!.id
  })
  listingsChanged()
  return id
}

/** The listing a seller (or an admin) acts on: 404 when missing or removed, 403 when someone else's. */
async function ownListing(db: Db, user: CurrentUser, id: string, allowAdmin: boolean) {
  const [row] = isUuid(id)
    ? await db
        .select({ id: products.id, sellerId: products.sellerId, status: products.status, title: products.title })
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
