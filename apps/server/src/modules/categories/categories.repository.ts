import { asc } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { categories } from '../../db/schema/index.ts'

export const listCategories = (db: DbOrTx) => db.select().from(categories).orderBy(asc(categories.position))

export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number]

export const toCategoryJson = (row: CategoryRow) => ({
  _id: row.id,
  category_id: row.categoryId,
  title: row.title,
  description: row.description,
  category: row.slug,
  icon: row.icon,
})
