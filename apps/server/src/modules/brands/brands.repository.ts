import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { brands, products } from '../../db/schema/index.ts'

/** Every brand with what a name is matched against (a hundred rows or so: read whole, matched in code). */
export const listBrandNames = (db: DbOrTx) =>
  db.select({ id: brands.id, slug: brands.slug, name: brands.name, aliases: brands.aliases }).from(brands)

export type BrandNames = Awaited<ReturnType<typeof listBrandNames>>[number]

/** Every brand with the number of its available listings (brands without any count 0). */
export const listBrandCounts = (db: DbOrTx) =>
  db
    .select({
      slug: brands.slug,
      name: brands.name,
      aliases: brands.aliases,
      count: sql<number>`count(${products.id})::int`,
    })
    .from(brands)
    .leftJoin(products, and(eq(products.brandId, brands.id), eq(products.status, 'available')))
    .groupBy(brands.id)

export async function insertBrand(
  db: DbOrTx,
  brand: { slug: string; name: string; aliases: string[]; tier: 'luxury' | 'premium' | 'high-street' },
) {
  const [row] = await db
    .insert(brands)
    .values(brand)
    .returning({ slug: brands.slug, name: brands.name, aliases: brands.aliases })
  return row!
}
