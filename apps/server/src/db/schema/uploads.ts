import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products } from './catalog.ts'

/**
 * Who uploaded which photo (POST /api/images). A photo belongs to its uploader: only they may list a bag with it,
 * unless it is already on one of their listings. Keys are content-hashed, so two sellers who upload the same picture
 * share one file and each has a row of their own. `used_at` / `product_id`: the first listing that used it.
 */
export const uploads = pgTable(
  'upload',
  {
    /** The store key of the photo at display size (`<hash>-800.webp`); its thumbnail follows from it. */
    key: text('key').notNull(),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    productId: uuid('product_id').references(() => products.id),
  },
  (t) => [primaryKey({ columns: [t.key, t.uploaderId] }), index('upload_created_idx').on(t.createdAt)],
)
