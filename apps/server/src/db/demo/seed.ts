import { randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { inArray } from 'drizzle-orm'
import type { ImageStore } from '../../modules/images/image-store.ts'
import type { Mailer } from '../../modules/mail/mail.service.ts'
import type { OrderRules } from '../../modules/orders/order-deps.ts'
import type { Db, DbOrTx } from '../client.ts'
import { accounts, brands, categories, posts, priceHistory, products, savedAddresses, users } from '../schema/index.ts'
import { DEMO_ADDRESSES } from './demo-addresses.ts'
import { type DemoShot, storeDemoArt } from './demo-art-cache.ts'
import { seedDemoConversations } from './demo-conversations.ts'
import { DEMO_CATEGORIES, DEMO_LISTINGS, DEMO_PASSWORD, DEMO_USERS } from './demo-data.ts'
import { seedDemoNotifications } from './demo-notifications.ts'
import { seedDemoOffers } from './demo-offers.ts'
import { seedDemoOrders } from './demo-orders.ts'
import { DEMO_POSTS } from './demo-posts.ts'
import { seedDemoReviews } from './demo-reviews.ts'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/** The rules demo orders are paid under when the caller names none (the configuration's defaults). */
export const DEFAULT_ORDER_RULES: OrderRules = {
  commissionPercent: 15,
  discountMaxCents: 5_000,
  shipDays: 5,
  autoCompleteDays: 3,
  newSellerHoldDays: 7,
}

/** The demo's past sends no mail. */
const SILENT: Mailer = { kind: 'outbox', send: async () => {} }

export interface DemoSeedOptions {
  /** COMMISSION_PERCENT, SHIP_DAYS and AUTO_COMPLETE_DAYS (the app's configuration). */
  orderRules?: OrderRules
  /** The seed time (the app's clock): listings, orders and deadlines are dated from it. */
  now?: Date
}

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

/**
 * Demo users (all with `password`: DEMO_PASSWORD unless production mode generated one) and listings with rendered bag pictures, for an empty database
 * only: returns false without writing anything when any user or product exists. Pictures are stored and
 * passwords hashed first; the rows are then written in one transaction (PGlite has one connection, so nothing
 * inside it may use `db`). The pictures come from the demo art cache (demo-art-cache.ts) once a run on this
 * machine has drawn them: the first run draws several hundred (about 0.1–0.7 s of CPU each), later ones copy files.
 */
export async function seedDemoData(
  db: Db,
  store: ImageStore,
  log?: (message: string) => void,
  password: string = DEMO_PASSWORD,
  artCacheDir?: string,
  options: DemoSeedOptions = {},
): Promise<boolean> {
  if (!(await isEmpty(db))) return false
  const started = performance.now()

  // the listings' photos, then the blog's covers, drawn and stored alike
  const shots: DemoShot[] = [
    ...DEMO_LISTINGS.flatMap((listing) => listing.views.map((view) => ({ spec: listing.art, view }))),
    ...DEMO_POSTS.map((post) => ({ spec: post.cover, view: 'front' as const })),
  ]
  const [pictures, hashes] = await Promise.all([
    storeDemoArt(store, shots, artCacheDir),
    // one scrypt hash per account, each with its own salt, as better-auth's sign-up stores it
    Promise.all(DEMO_USERS.map(() => hashPassword(password))),
  ])
  // handed out in the order of `shots`: each listing's views, then the covers
  const remaining = [...pictures.stored]
  const photos = DEMO_LISTINGS.map((l) =>
    remaining.splice(0, l.views.length).map((p) => ({ url: p.img, thumb: p.thumb })),
  )
  const covers = remaining
  const prepared = performance.now()

  const now = (options.now ?? new Date()).getTime()
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
    // listings name their brand by slug: the brand table (migration 0008) gives the ids
    const slugs = [...new Set(DEMO_LISTINGS.map((l) => l.brand))]
    const brandRows = await tx
      .select({ id: brands.id, slug: brands.slug })
      .from(brands)
      .where(inArray(brands.slug, slugs))
    const brandId = new Map(brandRows.map((b) => [b.slug, b.id]))
    const rows = DEMO_LISTINGS.map((l, i) => {
      const sellerId = idByKey.get(l.seller)
      if (!sellerId) throw new Error(`demo listing "${l.title}" names an unknown seller: ${l.seller}`)
      const brand = brandId.get(l.brand)
      if (!brand) throw new Error(`demo listing "${l.title}" names an unknown brand: ${l.brand}`)
      // spread the posting times over the day as well, so no two listings share a timestamp
      const createdAt = new Date(now - l.daysAgo * DAY_MS - ((i * 97) % 600) * 60_000)
      const droppedAt = l.priceDrop && new Date(now - l.priceDrop.daysAgo * DAY_MS - HOUR_MS)
      const cover = photos[i]![0]!
      return {
        id: randomUUID(),
        sellerId,
        title: l.title,
        img: cover.url,
        thumb: cover.thumb,
        photos: photos[i]!,
        category: l.category,
        originalPriceCents: l.originalPriceCents,
        resellPriceCents: l.resellPriceCents,
        previousPriceCents: l.priceDrop?.fromCents ?? null,
        year: l.year,
        location: l.location,
        phone: l.phone,
        condition: l.condition,
        description: l.description,
        specialty: l.specialty,
        advertisement: l.advertised,
        brandId: brand,
        colour: l.colour,
        material: l.material,
        measurements: l.measurements,
        includes: [...l.includes],
        wear: l.wear,
        createdAt,
        updatedAt: droppedAt ?? createdAt,
      }
    })
    await tx.insert(products).values(rows)
    // every listing's first price, and the lowered price of those that dropped (as an edit records it)
    await tx.insert(priceHistory).values(
      DEMO_LISTINGS.flatMap((l, i) => {
        const productId = rows[i]!.id
        const first = { productId, priceCents: l.priceDrop?.fromCents ?? l.resellPriceCents, at: rows[i]!.createdAt }
        return l.priceDrop ? [first, { productId, priceCents: l.resellPriceCents, at: rows[i]!.updatedAt }] : [first]
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
    // one default delivery address per account: paying and the Addresses page work from the start
    await tx.insert(savedAddresses).values(
      DEMO_USERS.flatMap((u, i) => {
        const a = DEMO_ADDRESSES[u.key]
        return a
          ? [{ userId: people[i]!.id, ...a, line2: a.line2 ?? null, isDefault: true, createdAt: people[i]!.createdAt }]
          : []
      }),
    )
    // orders in every state, paid and moved by the orders module: each payment and move in its own nested
    // transaction (a savepoint), all of them in this one, so the demo is seeded whole or not at all
    const ordersStarted = performance.now()
    const listingByTitle = new Map(DEMO_LISTINGS.map((l, i) => [l.title, { l, row: rows[i]! }]))
    const byKey = new Map(DEMO_USERS.map((u, i) => [u.key, { u, id: people[i]!.id }]))
    const person = (key: string) => {
      const found = byKey.get(key)
      if (!found) throw new Error(`demo order names an unknown person: ${key}`)
      return found
    }
    const orderCount = await seedDemoOrders(
      {
        db: tx,
        mailer: SILENT,
        stripe: undefined,
        images: store,
        listingsChanged: () => {},
        origin: '',
        rules: options.orderRules ?? DEFAULT_ORDER_RULES,
      },
      {
        idOf: (key) => person(key).id,
        nameOf: (key) => person(key).u.name,
        emailOf: (key) => person(key).u.email.toLowerCase(),
      },
      (title) => {
        const found = listingByTitle.get(title)
        if (!found) throw new Error(`demo order names an unknown listing: ${title}`)
        return { id: found.row.id, sellerKey: found.l.seller, priceCents: found.l.resellPriceCents }
      },
      now,
    )
    await seedDemoOffers(tx, rows, idByKey, now)
    await seedDemoConversations(
      tx,
      (key) => person(key).id,
      (t) => listingByTitle.get(t)?.row,
      now,
    )
    await seedDemoNotifications(tx, (key) => person(key).id, new Date(now)) // the bell, saved searches
    await seedDemoReviews(tx, store, options.orderRules ?? DEFAULT_ORDER_RULES, now, artCacheDir)
    return { orderCount, ordersStarted }
  })
  if (!seeded) return false
  const { orderCount, ordersStarted } = seeded
  const ms = (t: number) => Math.round(t)
  log?.(
    `demo data: ${people.length} users, ${DEMO_LISTINGS.length} listings, ${DEMO_POSTS.length} posts and ${orderCount} orders in ${ms(performance.now() - started)} ms ` +
      `(${shots.length} pictures, ${pictures.drawn} of them drawn anew, and password hashes ${ms(prepared - started)} ms; orders ${ms(performance.now() - ordersStarted)} ms)`,
  )
  return true
}
