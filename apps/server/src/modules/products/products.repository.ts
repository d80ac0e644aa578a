import { and, asc, desc, eq, ne, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { preparedStatement } from '../../db/prepared.ts'
import { bookings, brands, priceHistory, products, users } from '../../db/schema/index.ts'
import { centsToDollars } from '../../lib/money.ts'
import { afterCursor, type Cursor } from '../../lib/paging.ts'
import { offerHeldAt } from '../offers/offers.repository.ts'

export const productColumns = {
  id: products.id,
  title: products.title,
  img: products.img,
  thumb: products.thumb,
  category: products.category,
  originalPriceCents: products.originalPriceCents,
  resellPriceCents: products.resellPriceCents,
  year: products.year,
  location: products.location,
  phone: products.phone,
  condition: products.condition,
  description: products.description,
  specialty: products.specialty,
  advertisement: products.advertisement,
  status: products.status,
  createdAt: products.createdAt,
  sellerId: products.sellerId,
  sellerName: users.name,
  sellerEmail: users.email,
  sellerVerified: users.verified,
  brandName: brands.name,
  brandSlug: brands.slug,
  colour: products.colour,
  material: products.material,
  wear: products.wear,
  measurements: products.measurements,
  includes: products.includes,
  shippingCents: products.shippingCents,
  photos: products.photos,
  previousPriceCents: products.previousPriceCents,
}

/**
 * Whether someone holds or has bought the bag at `now` (a held booking past its time does not count, nor a payment
 * hold, which keeps nobody out: docs/decisions/034; an accepted offer holding it does), computed in the same query as the rows: one round trip per page instead of two
 * (PGlite serializes every round trip).
 */
export const reservedAt = (now: Date | Placeholder) =>
  sql<boolean>`(exists (select 1 from ${bookings} where ${bookings.productId} = ${products.id} and (${bookings.status} = 'paid' or (${bookings.status} = 'held' and ${bookings.holdKind} = 'exclusive' and ${bookings.expiresAt} > ${now instanceof Date ? now.toISOString() : now}::timestamptz))) or ${offerHeldAt(products.id, now)})`

export interface ProductFilter {
  category?: 'Shoulder' | 'Tote' | 'Backpacks' | undefined
  advertised?: boolean | undefined
  sellerId?: string | undefined
  /** Public lists show only bags that are for sale. */
  availableOnly?: boolean
}

/** Newest first, keyset-paged on (created_at, id); fetches one extra row to know whether a next page exists. */
export async function listProducts(
  db: DbOrTx,
  filter: ProductFilter,
  page: { limit: number; cursor?: Cursor },
  now: Date,
) {
  const where: SQL[] = []
  if (filter.availableOnly !== false) where.push(eq(products.status, 'available'))
  else where.push(ne(products.status, 'removed'))
  if (filter.category) where.push(eq(products.category, filter.category))
  if (filter.advertised !== undefined) where.push(eq(products.advertisement, filter.advertised))
  if (filter.sellerId) where.push(eq(products.sellerId, filter.sellerId))
  if (page.cursor) where.push(afterCursor(products.createdAt, products.id, page.cursor))
  const rows = await db
    .select({ ...productColumns, live: reservedAt(now) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(...where))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(page.limit + 1)
  const hasMore = rows.length > page.limit
  return { rows: hasMore ? rows.slice(0, page.limit) : rows, hasMore }
}

/** One listing (not removed) by id: every product page and GET /api/products/{id} (a prepared statement). */
const findProductStatement = preparedStatement('find_product', (db) =>
  db
    .select({ ...productColumns, live: reservedAt(sql.placeholder('now')) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, sql.placeholder('id')), ne(products.status, 'removed'))),
)

export async function findProduct(db: DbOrTx, id: string, now: Date) {
  const [row] = await findProductStatement(db).execute({ id, now: now.toISOString() })
  return row
}

const priceHistoryStatement = preparedStatement('price_history', (db) =>
  db
    .select({ priceCents: priceHistory.priceCents, at: priceHistory.at })
    .from(priceHistory)
    .where(eq(priceHistory.productId, sql.placeholder('productId')))
    .orderBy(asc(priceHistory.at), asc(priceHistory.id)),
)

/** Every price the listing has had, oldest first, in dollars (docs/product/listings.md#price-history). */
export async function listPriceHistory(db: DbOrTx, productId: string) {
  const rows = await priceHistoryStatement(db).execute({ productId })
  return rows.map((r) => ({ price: centsToDollars(r.priceCents), at: r.at.toISOString() }))
}

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>

/** Who may read a listing's contact details (the seller's email and phone): its seller and admins. */
export const seesContact = (row: Pick<ProductRow, 'sellerId'>, viewer: { id: string; role: string } | undefined) =>
  viewer !== undefined && (viewer.id === row.sellerId || viewer.role === 'admin')

/**
 * One row → the original categoryDetails JSON (cents → dollars, `verified` from the seller now); `reserved` when the
 * bag is for sale and someone holds it. The seller's `email` and `phone` only with `contact` (the listing's seller or
 * an admin asking: docs/decisions/013); buyers reach sellers through the shop. `seller_id` tells a seller their own.
 */
export const toProductJson = (row: ProductRow, contact = false) => ({
  _id: row.id,
  title: row.title,
  img: row.img,
  thumb: row.thumb,
  category: row.category,
  original_price: centsToDollars(row.originalPriceCents),
  resell_price: centsToDollars(row.resellPriceCents),
  year: row.year,
  date: row.createdAt.toISOString(),
  location: row.location,
  seller: row.sellerName,
  seller_id: row.sellerId,
  ...(contact ? { email: row.sellerEmail } : {}),
  ...(row.sellerVerified ? { verified: 'yes' as const } : {}),
  ...(contact ? { phone: row.phone } : {}),
  specialty: row.specialty,
  description: row.description,
  condition: row.condition,
  advertisement: row.advertisement,
  status: row.status,
  reserved: row.status === 'available' && row.live,
  sellerId: row.sellerId,
  brand: row.brandName,
  brandSlug: row.brandSlug,
  colour: row.colour,
  material: row.material,
  wear: row.wear,
  measurements: row.measurements,
  includes: row.includes,
  shipping: centsToDollars(row.shippingCents),
  photos: row.photos,
  previousPrice: row.previousPriceCents === null ? null : centsToDollars(row.previousPriceCents),
})

export const countProducts = (db: DbOrTx) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .then((r) => r[0]?.n ?? 0)
