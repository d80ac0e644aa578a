import { randomUUID } from 'node:crypto'
import type { DbOrTx } from '../src/db/client.ts'
import { products, users } from '../src/db/schema/index.ts'

type NewUser = typeof users.$inferInsert
type NewProduct = typeof products.$inferInsert

export async function insertUser(db: DbOrTx, over: Partial<NewUser> = {}) {
  const id = over.id ?? randomUUID()
  const [row] = await db
    .insert(users)
    .values({ id, name: 'Test User', email: `${id.slice(0, 8)}@example.test`, role: 'customer', ...over })
    .returning()
  return row!
}

let seq = 0

export async function insertProduct(db: DbOrTx, sellerId: string, over: Partial<NewProduct> = {}) {
  seq += 1
  const img = over.img ?? '/uploads/0123456789abcdef01234567-800.webp'
  const thumb = over.thumb ?? img.replace(/-800\.webp$/, '-320.webp')
  const [row] = await db
    .insert(products)
    .values({
      sellerId,
      title: `Test bag ${seq}`,
      category: 'Tote',
      originalPriceCents: 25000,
      resellPriceCents: 12050,
      year: '2021',
      location: 'Lisbon',
      phone: '+351 555 0100',
      condition: 'good',
      description: 'A test bag.',
      createdAt: new Date(Date.UTC(2026, 0, 1) + seq * 60_000),
      ...over,
      img,
      thumb,
      photos: over.photos ?? [{ url: img, thumb }],
    })
    .returning()
  return row!
}

/** A valid `POST /api/categoryDetails` body (the original field names, prices in dollars) with the given photo. */
export const listingBody = (img: string, over: Record<string, unknown> = {}) => ({
  title: 'Test Tote',
  phone: '+1 555 0100',
  original_price: 200,
  resell_price: 120,
  location: 'Porto',
  year: '2020',
  condition: 'good',
  category: 'Tote',
  img,
  description: 'A tote.',
  ...over,
})
