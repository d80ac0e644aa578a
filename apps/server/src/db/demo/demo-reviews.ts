import type { Carrier } from '@preloved/shared/orders'
import { and, eq, inArray } from 'drizzle-orm'
import type { ImageStore } from '../../modules/images/image-store.ts'
import type { Mailer } from '../../modules/mail/mail.service.ts'
import type { OrderDeps, OrderRules } from '../../modules/orders/order-deps.ts'
import { confirmOrder, shipOrder } from '../../modules/orders/order-moves.ts'
import type { Viewer } from '../../modules/orders/orders.repository.ts'
import { type ReviewDeps, replyToReview, reviewOrder } from '../../modules/reviews/reviews.service.ts'
import type { Db } from '../client.ts'
import { brands, orders, priceHistory, products, users } from '../schema/index.ts'
import { storeDemoArt } from './demo-art-cache.ts'
import { DEMO_USERS, type DemoListing, type DemoSellerKey } from './demo-data.ts'
import { type DemoCustomerKey, pay } from './demo-orders.ts'

// Reviews with replies for the demo (docs/product/storefront.md#demo-data). Daniel Okafor (verified) has sold
// and shipped fast for months: ten reviews averaging 4.9, so his profile and his bags show all three badges (Ships
// fast, Top rated, Verified). Sofia Marquez has three reviews and stars without the measured badges. Amelia Hart has
// none yet: a profile without reviews shows too. Every review is written by the reviews module on an order paid and
// moved by the orders module (demo-orders.ts's `pay`, then ship and confirm), at times before the seed: the past
// sales are bags sold before the demo's listings, each with its own pictures, so every bag for sale stays for sale.

const HOUR = 3_600_000
const DAY = 24 * HOUR

const SELLERS: Record<'daniel' | 'sofia', { phone: string; location: string }> = {
  daniel: { phone: '+1 312 555 0183', location: 'Chicago, IL' },
  sofia: { phone: '+1 213 555 0126', location: 'Los Angeles, CA' },
}

const sold = (
  seller: 'daniel' | 'sofia',
  l: Omit<DemoListing, 'seller' | 'phone' | 'location' | 'advertised' | 'specialty'> & { specialty?: string },
): DemoListing => ({
  ...l,
  seller,
  ...SELLERS[seller],
  advertised: false,
  specialty: l.specialty ?? (l.includes.length > 0 ? `Comes with ${l.includes.join(', ')}` : 'The bag on its own'),
})

/** The bags of the past sales: sold before the seed, so they show on their sellers' profiles as sold, never for sale. */
export const DEMO_PAST_SALE_LISTINGS: readonly DemoListing[] = [
  sold('daniel', {
    title: 'Prada Galleria Saffiano Medium, black',
    category: 'Tote',
    originalPriceCents: 340_000,
    resellPriceCents: 168_000,
    year: '2019',
    condition: 'excellent',
    description: 'Black Saffiano with the triangle logo and both zips. The corners are sharp and the lining is clean.',
    daysAgo: 58,
    brand: 'prada',
    colour: 'black',
    material: 'leather',
    measurements: { width: 33, height: 22, depth: 15 },
    includes: ['dust bag', 'authenticity card'],
    wear: { corners: 'Crisp, with no rubbing.' },
    views: ['front', 'side'],
    art: {
      kind: 'tote',
      shape: 'structured',
      body: '#1c1c1e',
      trim: '#1c1c1e',
      hardware: 'gold',
      pattern: 'plain',
      background: '#e8e4dc',
    },
  }),
  sold('daniel', {
    title: 'Gucci Ophidia Small Shoulder Bag, GG Supreme',
    category: 'Shoulder',
    originalPriceCents: 159_000,
    resellPriceCents: 92_000,
    year: '2020',
    condition: 'good',
    description: 'GG Supreme canvas with the green and red web and a suede trim. Light wear on the base corners.',
    daysAgo: 55,
    brand: 'gucci',
    colour: 'beige',
    material: 'coated canvas',
    measurements: { width: 25, height: 16, depth: 7, strapDrop: 54 },
    includes: ['dust bag'],
    wear: { corners: 'Light rubbing on the two lower corners.' },
    views: ['front', 'back'],
    art: {
      kind: 'shoulder',
      shape: 'flap',
      body: '#c8b48f',
      trim: '#5a3b25',
      hardware: 'gold',
      pattern: 'monogram',
      background: '#efe8e1',
    },
  }),
  sold('daniel', {
    title: 'Loewe Hammock Small, tan',
    category: 'Shoulder',
    originalPriceCents: 280_000,
    resellPriceCents: 149_000,
    year: '2021',
    condition: 'excellent',
    description: 'Tan classic calfskin that folds into three shapes. Kept in its dust bag between outings.',
    daysAgo: 52,
    brand: 'loewe',
    colour: 'tan',
    material: 'leather',
    measurements: { width: 29, height: 26, depth: 13, strapDrop: 50 },
    includes: ['dust bag', 'strap'],
    wear: { hardware: 'No scratches worth noting.' },
    views: ['front', 'hardware'],
    art: {
      kind: 'shoulder',
      shape: 'hobo',
      body: '#b5773d',
      trim: '#8c5a2b',
      hardware: 'gold',
      pattern: 'plain',
      background: '#e9e1d8',
    },
  }),
  sold('daniel', {
    title: 'Longchamp Le Pliage Large, navy',
    category: 'Tote',
    originalPriceCents: 16_500,
    resellPriceCents: 6_500,
    year: '2020',
    condition: 'good',
    description: 'The folding nylon tote in navy with the leather flap. A faint mark inside the base.',
    daysAgo: 49,
    brand: 'longchamp',
    colour: 'blue',
    material: 'nylon',
    measurements: { width: 44, height: 30, depth: 18 },
    includes: [],
    wear: { interior: 'A faint mark inside the base.' },
    views: ['front', 'inside'],
    art: {
      kind: 'tote',
      shape: 'pliage',
      body: '#23365a',
      trim: '#5b3a23',
      hardware: 'silver',
      pattern: 'plain',
      background: '#e6e9ec',
    },
  }),
  sold('daniel', {
    title: 'Saint Laurent Lou Camera Bag, dark beige',
    category: 'Shoulder',
    originalPriceCents: 175_000,
    resellPriceCents: 99_000,
    year: '2021',
    condition: 'excellent',
    description: 'Quilted calfskin in dark beige with the tassel and the gold monogram. Carried twice.',
    daysAgo: 46,
    brand: 'saint-laurent',
    colour: 'beige',
    material: 'leather',
    measurements: { width: 23, height: 16, depth: 6, strapDrop: 56 },
    includes: ['dust bag', 'box'],
    wear: { exterior: 'No marks anywhere.' },
    views: ['front', 'hardware'],
    art: {
      kind: 'shoulder',
      shape: 'camera',
      body: '#b49a7c',
      trim: '#b49a7c',
      hardware: 'gold',
      pattern: 'chevron',
      background: '#ebe6df',
    },
  }),
  sold('daniel', {
    title: 'Coach Tabby Shoulder Bag 26, chalk',
    category: 'Shoulder',
    originalPriceCents: 45_000,
    resellPriceCents: 21_000,
    year: '2022',
    condition: 'good',
    description: 'Chalk pebbled leather with the C hardware and both straps. A little darkening on the handle.',
    daysAgo: 42,
    brand: 'coach',
    colour: 'white',
    material: 'leather',
    measurements: { width: 26, height: 17, depth: 8, strapDrop: 52 },
    includes: ['dust bag', 'strap'],
    wear: { handles: 'A little darkened where it is held.' },
    views: ['front', 'back'],
    art: {
      kind: 'shoulder',
      shape: 'flap',
      body: '#ece7dc',
      trim: '#d8cfbf',
      hardware: 'silver',
      pattern: 'pebbled',
      background: '#e4ebe6',
    },
  }),
  sold('daniel', {
    title: 'Bottega Veneta Cabat Small, fondant',
    category: 'Tote',
    originalPriceCents: 520_000,
    resellPriceCents: 245_000,
    year: '2018',
    condition: 'good',
    description: 'Hand-woven intrecciato in fondant brown with the inner pouch. The weave is even all over.',
    daysAgo: 38,
    brand: 'bottega-veneta',
    colour: 'brown',
    material: 'leather',
    measurements: { width: 30, height: 29, depth: 12 },
    includes: ['dust bag', 'authenticity card'],
    wear: { corners: 'Slight wear on one corner.' },
    views: ['front', 'inside'],
    art: {
      kind: 'tote',
      shape: 'shopper',
      body: '#4a3327',
      trim: '#4a3327',
      hardware: 'gold',
      pattern: 'woven',
      background: '#ece6ee',
    },
  }),
  sold('daniel', {
    title: 'Herschel Heritage Backpack, ash rose',
    category: 'Backpacks',
    originalPriceCents: 7_500,
    resellPriceCents: 3_500,
    year: '2021',
    condition: 'good',
    description: 'Ash rose polyester with the striped lining and a laptop sleeve. The straps are like new.',
    daysAgo: 34,
    brand: 'herschel',
    colour: 'pink',
    material: 'fabric',
    measurements: { width: 30, height: 44, depth: 13 },
    includes: [],
    wear: { exterior: 'A few light marks on the back panel.' },
    views: ['front', 'side'],
    art: {
      kind: 'backpack',
      shape: 'classic',
      body: '#d8a7a7',
      trim: '#8a6a5f',
      hardware: 'silver',
      pattern: 'canvas',
      background: '#efe8e1',
    },
  }),
  sold('sofia', {
    title: 'Fendi Baguette, pink sequins',
    category: 'Shoulder',
    originalPriceCents: 390_000,
    resellPriceCents: 160_000,
    year: '2019',
    condition: 'good',
    description: 'Pink sequinned Baguette with the FF clasp. Two sequins are missing on the back, shown in the photos.',
    daysAgo: 57,
    brand: 'fendi',
    colour: 'pink',
    material: 'fabric',
    measurements: { width: 27, height: 15, depth: 6, strapDrop: 24 },
    includes: ['dust bag'],
    wear: { exterior: 'Two sequins missing on the back.' },
    views: ['front', 'back'],
    art: {
      kind: 'shoulder',
      shape: 'baguette',
      body: '#e39fb3',
      trim: '#e39fb3',
      hardware: 'gold',
      pattern: 'dots',
      background: '#ece6ee',
    },
  }),
  sold('sofia', {
    title: 'Mansur Gavriel Bucket Bag, flamma',
    category: 'Shoulder',
    originalPriceCents: 59_500,
    resellPriceCents: 29_000,
    year: '2020',
    condition: 'good',
    description: 'Vegetable-tanned leather in flamma red with the contrast lining. The leather has darkened evenly.',
    daysAgo: 50,
    brand: 'mansur-gavriel',
    colour: 'red',
    material: 'leather',
    measurements: { width: 23, height: 25, depth: 17, strapDrop: 48 },
    includes: ['dust bag'],
    wear: { handles: 'Softened with use, no cracks.' },
    views: ['front', 'inside'],
    art: {
      kind: 'shoulder',
      shape: 'bucket',
      body: '#b7392c',
      trim: '#b7392c',
      hardware: 'gold',
      pattern: 'plain',
      background: '#e9e1d8',
    },
  }),
  sold('sofia', {
    title: 'Baggu Standard Tote, sunflower',
    category: 'Tote',
    originalPriceCents: 1_600,
    resellPriceCents: 900,
    year: '2022',
    condition: 'excellent',
    description: 'The ripstop nylon tote in sunflower yellow that folds into its own pouch.',
    daysAgo: 44,
    brand: 'baggu',
    colour: 'yellow',
    material: 'nylon',
    measurements: { width: 40, height: 38, depth: 12 },
    includes: [],
    wear: { exterior: 'No marks anywhere.' },
    views: ['front', 'side'],
    art: {
      kind: 'tote',
      shape: 'open',
      body: '#e8c13c',
      trim: '#e8c13c',
      hardware: 'silver',
      pattern: 'plain',
      background: '#ebe6df',
    },
  }),
]

interface DemoReview {
  rating: number
  text: string
  /** Days after the order completed. */
  after: number
  /** The seller's reply, a day after the review. */
  reply?: string
}

export interface DemoPastSale {
  listing: string
  buyer: DemoCustomerKey
  paidDaysAgo: number
  /** Hours from payment to shipping. */
  shipHours: number
  review: DemoReview
}

/** The past sales: paid, shipped after `shipHours`, confirmed two days later, then reviewed. */
export const DEMO_PAST_SALES: readonly DemoPastSale[] = [
  {
    listing: 'Prada Galleria Saffiano Medium, black',
    buyer: 'emma',
    paidDaysAgo: 54,
    shipHours: 20,
    review: {
      rating: 5,
      text: 'Immaculate, exactly as the photos showed, and it came double-boxed. Daniel answered every question about the date code before I bought.',
      after: 1,
      reply: 'Thank you, Emma! Enjoy it: the Galleria only gets better with age.',
    },
  },
  {
    listing: 'Gucci Ophidia Small Shoulder Bag, GG Supreme',
    buyer: 'noah',
    paidDaysAgo: 50,
    shipHours: 8,
    review: {
      rating: 5,
      text: 'A present for my sister. Shipped the same day and arrived in perfect shape.',
      after: 2,
    },
  },
  {
    listing: 'Loewe Hammock Small, tan',
    buyer: 'emma',
    paidDaysAgo: 47,
    shipHours: 26,
    review: {
      rating: 5,
      text: 'The leather is gorgeous. It even came with the original strap, which was not in the listing.',
      after: 1,
    },
  },
  {
    listing: 'Longchamp Le Pliage Large, navy',
    buyer: 'noah',
    paidDaysAgo: 44,
    shipHours: 6,
    review: { rating: 5, text: 'Great price and very quick.', after: 3 },
  },
  {
    listing: 'Saint Laurent Lou Camera Bag, dark beige',
    buyer: 'emma',
    paidDaysAgo: 40,
    shipHours: 30,
    review: {
      rating: 5,
      text: 'Looks unworn. Packed with tissue and a handwritten note.',
      after: 2,
      reply: 'So glad it arrived safely. Thank you for the kind words!',
    },
  },
  {
    listing: 'Coach Tabby Shoulder Bag 26, chalk',
    buyer: 'noah',
    paidDaysAgo: 36,
    shipHours: 14,
    review: { rating: 5, text: 'Exactly as described. Would buy from Daniel again.', after: 1 },
  },
  {
    listing: 'Bottega Veneta Cabat Small, fondant',
    buyer: 'emma',
    paidDaysAgo: 31,
    shipHours: 22,
    review: {
      rating: 5,
      text: 'An investment piece, and the authenticity card matched. Careful, well-insured shipping.',
      after: 2,
    },
  },
  {
    listing: 'Herschel Heritage Backpack, ash rose',
    buyer: 'noah',
    paidDaysAgo: 28,
    shipHours: 10,
    review: { rating: 5, text: 'Clean and fresh. Fast too.', after: 1 },
  },
  {
    listing: 'Fendi Baguette, pink sequins',
    buyer: 'emma',
    paidDaysAgo: 52,
    shipHours: 70,
    review: {
      rating: 4,
      text: 'A beautiful Baguette, just as the photos showed, missing sequins included. It took a few days to ship.',
      after: 2,
      reply: 'Thank you! Sorry for the wait: I was away that week, and I now say so in my listings.',
    },
  },
  {
    listing: 'Mansur Gavriel Bucket Bag, flamma',
    buyer: 'noah',
    paidDaysAgo: 45,
    shipHours: 80,
    review: { rating: 5, text: 'The colour is even richer in person.', after: 1 },
  },
  {
    listing: 'Baggu Standard Tote, sunflower',
    buyer: 'emma',
    paidDaysAgo: 40,
    shipHours: 60,
    review: { rating: 4, text: 'As described. Slow to ship for such a small bag, but well packed.', after: 4 },
  },
]

/** Reviews of the demo's own completed orders (demo-orders.ts), by their listing. */
export const DEMO_ORDER_REVIEWS: readonly ({ listing: string } & DemoReview)[] = [
  {
    listing: 'Polène Numéro Un Nano, camel',
    rating: 5,
    text: 'Beautifully made and exactly as described. Tracked and delivered in three days.',
    after: 1,
  },
  {
    listing: 'Anya Hindmarch Neeson Square Tote, natural',
    rating: 4,
    text: 'One strap ring arrived bent; the shop sorted out a partial refund quickly, and the tote itself is lovely.',
    after: 1,
    reply: 'I am sorry about the ring, Noah: it must have been crushed in transit. I now pack the hardware separately.',
  },
]

const SHIPMENTS: Record<DemoCustomerKey, { carrier: Carrier; tracking: (i: number) => string }> = {
  emma: { carrier: 'UPS', tracking: (i) => `1Z999AA1012345${6700 + i}` },
  noah: { carrier: 'FedEx', tracking: (i) => `77281946${1000 + i}` },
}

/** The demo's past does not notify anyone or send mail. */
const SILENT: Mailer = { kind: 'outbox', send: async () => {} }

/**
 * Writes the past sales (their listings and pictures, orders, reviews and replies) and the reviews of the demo's
 * completed orders, inside the seed's transaction (`db`), `now` being the seed time. Answers the number of reviews.
 */
export async function seedDemoReviews(
  db: Db,
  store: ImageStore,
  rules: OrderRules,
  now: number,
  artCacheDir?: string,
): Promise<number> {
  const people = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email.toLowerCase()),
      ),
    )
  const person = (key: string) => {
    const email = DEMO_USERS.find((u) => u.key === key)?.email.toLowerCase()
    const found = people.find((p) => p.email === email)
    if (!found) throw new Error(`demo reviews name an unknown person: ${key}`)
    return found
  }
  const peopleOf = {
    idOf: (key: string) => person(key).id,
    nameOf: (key: string) => person(key).name,
    emailOf: (key: string) => person(key).email,
  }
  const orderDeps: OrderDeps = {
    db,
    mailer: SILENT,
    stripe: undefined,
    images: store,
    listingsChanged: () => {},
    origin: '',
    rules,
  }
  const reviewDeps: ReviewDeps = { db, reviewDays: 14 }
  let written = 0
  const review = async (orderId: string, r: DemoReview) => {
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId))
    if (!o?.completedAt) throw new Error(`demo review: order ${orderId} is not completed`)
    const at = new Date(o.completedAt.getTime() + r.after * DAY)
    const buyer: Viewer = { id: o.buyerId, role: 'customer' }
    const row = await reviewOrder(reviewDeps, buyer, orderId, { rating: r.rating, text: r.text }, at)
    if (r.reply)
      await replyToReview(reviewDeps, { id: o.sellerId, role: 'seller' }, row.id, r.reply, new Date(at.getTime() + DAY))
    written++
  }

  // the past sales' bags, drawn like every demo bag, listed before they sold
  const pictures = await storeDemoArt(
    store,
    DEMO_PAST_SALE_LISTINGS.flatMap((l) => l.views.map((view) => ({ spec: l.art, view }))),
    artCacheDir,
  )
  const remaining = [...pictures.stored]
  const brandRows = await db
    .select({ id: brands.id, slug: brands.slug })
    .from(brands)
    .where(
      inArray(
        brands.slug,
        DEMO_PAST_SALE_LISTINGS.map((l) => l.brand),
      ),
    )
  const listed = new Map<string, { id: string; sellerKey: DemoSellerKey; priceCents: number }>()
  for (const [i, l] of DEMO_PAST_SALE_LISTINGS.entries()) {
    const photos = remaining.splice(0, l.views.length).map((p) => ({ url: p.img, thumb: p.thumb }))
    const brandId = brandRows.find((b) => b.slug === l.brand)?.id
    if (!brandId) throw new Error(`demo past sale "${l.title}" names an unknown brand: ${l.brand}`)
    // an odd number of minutes apart from the demo's listings (whole days and multiples of 97 minutes)
    const createdAt = new Date(now - l.daysAgo * DAY - (i * 53 + 31) * 60_000)
    const [row] = await db
      .insert(products)
      .values({
        sellerId: person(l.seller).id,
        title: l.title,
        img: photos[0]!.url,
        thumb: photos[0]!.thumb,
        photos,
        category: l.category,
        originalPriceCents: l.originalPriceCents,
        resellPriceCents: l.resellPriceCents,
        year: l.year,
        location: l.location,
        phone: l.phone,
        condition: l.condition,
        description: l.description,
        specialty: l.specialty,
        advertisement: false,
        brandId,
        colour: l.colour,
        material: l.material,
        measurements: l.measurements,
        includes: [...l.includes],
        wear: l.wear,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: products.id })
    await db.insert(priceHistory).values({ productId: row!.id, priceCents: l.resellPriceCents, at: createdAt })
    listed.set(l.title, { id: row!.id, sellerKey: l.seller, priceCents: l.resellPriceCents })
  }

  for (const [i, s] of DEMO_PAST_SALES.entries()) {
    const listing = listed.get(s.listing)
    if (!listing) throw new Error(`demo past sale names an unknown listing: ${s.listing}`)
    const paidAt = now - s.paidDaysAgo * DAY
    const id = await pay(
      db,
      peopleOf,
      listing,
      { listing: s.listing, buyer: s.buyer, state: 'completed', paidDaysAgo: s.paidDaysAgo },
      rules,
      new Date(paidAt),
    )
    const seller: Viewer = { id: peopleOf.idOf(listing.sellerKey), role: 'seller' }
    const shippedAt = paidAt + s.shipHours * HOUR
    const shipment = SHIPMENTS[s.buyer]
    await shipOrder(
      orderDeps,
      seller,
      id,
      { carrier: shipment.carrier, trackingNumber: shipment.tracking(i) },
      new Date(shippedAt),
    )
    await confirmOrder(orderDeps, { id: peopleOf.idOf(s.buyer), role: 'customer' }, id, new Date(shippedAt + 2 * DAY))
    await review(id, s.review)
  }

  for (const r of DEMO_ORDER_REVIEWS) {
    const [o] = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(products.title, r.listing), eq(orders.status, 'completed')))
    if (!o) throw new Error(`demo review names no completed order: ${r.listing}`)
    await review(o.id, r)
  }
  return written
}
