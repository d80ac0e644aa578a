import { randomUUID } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { hashPassword } from 'better-auth/crypto'
import type { ImageStore } from '../../modules/images/image-store.ts'
import { type StoredImage, storeImageVariants } from '../../modules/images/images.service.ts'
import type { Db, DbOrTx } from '../client.ts'
import { accounts, categories, posts, products, users } from '../schema/index.ts'
import { renderBagImage } from './bag-art.ts'
import { DEMO_CATEGORIES, DEMO_LISTINGS, DEMO_PASSWORD, DEMO_USERS } from './demo-data.ts'
import { DEMO_POSTS } from './demo-posts.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** The three categories every installation needs. Safe to run on every start. */
export async function seedReferenceData(db: DbOrTx): Promise<void> {
  await db
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((c) => ({
        categoryId: c.categoryId,
        slug: c.slug,
        title: c.title,
        description: c.description,
        icon: c.icon,
        position: c.position,
      })),
    )
    .onConflictDoNothing()
}

async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1)
  if (user) return false
  const [product] = await db.select({ id: products.id }).from(products).limit(1)
  return !product
}

/** Runs `fn` over `items` with at most `limit` calls in flight, keeping the order of results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * Demo users (all with `password`: DEMO_PASSWORD unless production mode generated one) and listings with rendered bag pictures, for an empty database
 * only: returns false without writing anything when any user or product exists. Pictures are rendered
 * and stored and passwords hashed first; the rows are then written in one transaction (PGlite has one
 * connection, so nothing inside it may use `db`). Takes a few seconds: about 0.3 s of CPU per picture.
 */
export async function seedDemoData(
  db: Db,
  store: ImageStore,
  log?: (message: string) => void,
  password: string = DEMO_PASSWORD,
): Promise<boolean> {
  if (!(await isEmpty(db))) return false
  const started = performance.now()

  const concurrency = Math.max(2, Math.min(4, availableParallelism()))
  const [images, covers, hashes] = await Promise.all([
    mapLimit(DEMO_LISTINGS, concurrency, async (listing): Promise<StoredImage> => {
      return storeImageVariants(store, await renderBagImage(listing.art))
    }),
    // the blog's covers: drawn and stored the way the listings' pictures are
    mapLimit(DEMO_POSTS, concurrency, async (post): Promise<StoredImage> => {
      return storeImageVariants(store, await renderBagImage(post.cover))
    }),
    // one scrypt hash per account, each with its own salt, as better-auth's sign-up stores it
    Promise.all(DEMO_USERS.map(() => hashPassword(password))),
  ])
  const prepared = performance.now()

  const now = Date.now()
  const people = DEMO_USERS.map((u, i) => ({
    id: randomUUID(),
    name: u.name,
    email: u.email.toLowerCase(),
    emailVerified: true,
    role: u.role,
    verified: u.verified,
    // everyone joined before the oldest listing
    createdAt: new Date(now - (90 - i) * DAY_MS),
    updatedAt: new Date(now - (90 - i) * DAY_MS),
  }))
  const idByKey = new Map(DEMO_USERS.map((u, i) => [u.key, people[i]!.id]))

  const seeded = await db.transaction(async (tx) => {
    if (!(await isEmpty(tx))) return false
    await seedReferenceData(tx) // listings reference the categories
    await tx.insert(users).values(people)
    await tx.insert(accounts).values(
      people.map((p, i) => ({
        id: randomUUID(),
        accountId: p.id,
        providerId: 'credential',
        userId: p.id,
        password: hashes[i]!,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      })),
    )
    await tx.insert(products).values(
      DEMO_LISTINGS.map((l, i) => {
        const sellerId = idByKey.get(l.seller)
        if (!sellerId) throw new Error(`demo listing "${l.title}" names an unknown seller: ${l.seller}`)
        return {
          sellerId,
          title: l.title,
          img: images[i]!.img,
          thumb: images[i]!.thumb,
          photos: [{ url: images[i]!.img, thumb: images[i]!.thumb }],
          category: l.category,
          originalPriceCents: l.originalPriceCents,
          resellPriceCents: l.resellPriceCents,
          year: l.year,
          location: l.location,
          phone: l.phone,
          condition: l.condition,
          description: l.description,
          specialty: l.specialty,
          advertisement: l.advertised,
          // spread the posting times over the day as well, so no two listings share a timestamp
          createdAt: new Date(now - l.daysAgo * DAY_MS - ((i * 97) % 600) * 60_000),
        }
      }),
    )
    await tx.insert(posts).values(
      DEMO_POSTS.map((p, i) => {
        const at = new Date(now - p.daysAgo * DAY_MS)
        return {
          slug: p.slug,
          title: p.title,
          coverImg: covers[i]!.img,
          coverThumb: covers[i]!.thumb,
          body: p.body,
          published: true,
          publishedAt: at,
          createdAt: at,
          updatedAt: at,
        }
      }),
    )
    return true
  })
  if (seeded) {
    const ms = (t: number) => Math.round(t)
    log?.(
      `demo data: ${people.length} users, ${DEMO_LISTINGS.length} listings and ${DEMO_POSTS.length} posts in ${ms(performance.now() - started)} ms ` +
        `(pictures and password hashes ${ms(prepared - started)} ms, ${concurrency} pictures at a time)`,
    )
  }
  return seeded
}
