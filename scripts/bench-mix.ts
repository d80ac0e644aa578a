// The request mix of `npm run bench`: every request autocannon sends is drawn at random by weight, so each
// connection interleaves browsing, product pages, account pages and bookings like a crowd of visitors would.
import { COLOURS, CONDITIONS, MATERIALS } from '@preloved/shared/constants'
import { signAccessToken } from '../apps/server/src/lib/tokens.ts'
import { customerEmail, customerId, customerSessionId, isSold, productId, type SeedSizes } from './bench-seed.ts'

export type Kind =
  | 'home categories'
  | 'home advertised'
  | 'category page'
  | 'category list'
  | 'product'
  | 'my orders'
  | 'my wishlist'
  | 'book'
  | 'search words'
  | 'search filters'
  | 'search both'

/**
 * Relative weights: of 115, 70 listings (home and category pages), 15 product pages, 10 account pages, 5 bookings
 * and 15 searches (a third with words, a third with 2–3 filters, a third with both).
 */
export const WEIGHTS: [Kind, number][] = [
  ['home categories', 15],
  ['home advertised', 15],
  ['category page', 20],
  ['category list', 20],
  ['product', 15],
  ['my orders', 5],
  ['my wishlist', 5],
  ['book', 5],
  ['search words', 5],
  ['search filters', 5],
  ['search both', 5],
]

export const SEARCH_KINDS: Kind[] = ['search words', 'search filters', 'search both']

/** What shoppers type: brands, models, typos ("chanle", "marmnt", "baguett"), prefixes as they type ("gucc"). */
const SEARCH_WORDS = [
  'chanel',
  'chanle flap',
  'gucc',
  'louis vuitton',
  'lv neverfull',
  'hermes birkin',
  'prada',
  'quilted',
  'mini saddle',
  'vintage shoulder',
  'crossbody',
  'black leather',
  'kelly',
  'baguett',
  'marmnt',
  'dior saddle',
  'coach tabby',
  'longchamp pliage',
  'medium tote',
  'loewe puzzle',
]
const SEARCH_BRANDS = [
  'chanel',
  'gucci',
  'louis-vuitton',
  'hermes',
  'prada',
  'dior',
  'fendi',
  'celine',
  'coach',
  'loewe',
]
const SEARCH_FILTERS: (() => string)[] = [
  () => `brand=${SEARCH_BRANDS[pick(SEARCH_BRANDS.length) - 1]}`,
  () => `colour=${COLOURS[pick(COLOURS.length) - 1]}`,
  () => `material=${encodeURIComponent(MATERIALS[pick(MATERIALS.length) - 1]!)}`,
  () => `condition=${CONDITIONS[pick(3) - 1]}`,
  () => `category=${CATEGORIES[pick(3) - 1]}`,
  () => (pick(2) === 1 ? 'minPrice=500&maxPrice=2000' : 'maxPrice=1000'),
  () => 'verified=true',
]

const CATEGORIES = ['Shoulder', 'Tote', 'Backpacks'] as const

export interface PlannedRequest {
  kind: Kind
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface KindStats {
  count: number
  statuses: Record<number, number>
  latencies: number[]
}

/** Random integer in [1, n]. */
const pick = (n: number) => 1 + Math.floor(Math.random() * n)

/** Draws requests; mints access tokens for seeded customers with the server's key, as GET /api/jwt would. */
export class Mix {
  private readonly tokens = new Map<number, string>()
  private readonly bookable: number[]
  private nextBookable = 0
  /** Next-page URLs of searches, by kind, recorded from the server under test (its cursors are its own). */
  private readonly searchPages = new Map<Kind, string[]>()
  readonly stats = new Map<Kind, KindStats>()
  /** When set, every request is of this kind (the bench's per-kind figures); else drawn by WEIGHTS. */
  only: Kind | undefined
  private readonly cumulative: [Kind, number][]
  private readonly total: number

  constructor(
    private readonly sizes: SeedSizes,
    private readonly key: Uint8Array,
  ) {
    let sum = 0
    this.cumulative = WEIGHTS.map(([kind, w]) => {
      sum += w
      return [kind, sum]
    })
    this.total = sum
    // listings for sale, in random order: each booking takes the next one, so bookings rarely meet a held bag
    const free: number[] = []
    for (let i = 1; i <= sizes.listings; i++) if (!isSold(i)) free.push(i)
    for (let i = free.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1))
      ;[free[i], free[j]] = [free[j]!, free[i]!]
    }
    this.bookable = free
    for (const [kind] of WEIGHTS) this.stats.set(kind, { count: 0, statuses: {}, latencies: [] })
  }

  /** Tokens are minted ahead, so signing does not run inside the measured loop. */
  async mintTokens(): Promise<void> {
    const jobs: Promise<void>[] = []
    for (let c = 1; c <= this.sizes.customers; c++) {
      jobs.push(
        signAccessToken(this.key, { sub: customerId(c), email: customerEmail(c), sid: customerSessionId(c) }).then(
          (t) => {
            this.tokens.set(c, t)
          },
        ),
      )
    }
    await Promise.all(jobs)
  }

  /** Shares another mix's minted tokens (same key), with a booking pool and counters of its own. */
  adoptTokens(other: Mix): this {
    for (const [c, t] of other.tokens) this.tokens.set(c, t)
    return this
  }

  bearer(c: number) {
    return { authorization: `Bearer ${this.tokens.get(c)}` }
  }

  private kind(): Kind {
    if (this.only) return this.only
    const r = Math.random() * this.total
    return this.cumulative.find(([, upTo]) => r < upTo)![0]
  }

  next(): PlannedRequest {
    const kind = this.kind()
    const category = CATEGORIES[pick(3) - 1]!
    const history = Math.floor(this.sizes.customers / 2)
    switch (kind) {
      case 'home categories':
        return { kind, method: 'GET', path: '/api/categories' }
      case 'home advertised':
        return { kind, method: 'GET', path: '/api/categoryDetails?advertised=true&limit=8' }
      case 'category page':
        return { kind, method: 'GET', path: `/api/categoryDetails/${category}` }
      case 'category list':
        return { kind, method: 'GET', path: `/api/categoryDetails?category=${category}&limit=24` }
      case 'product':
        return { kind, method: 'GET', path: `/api/products/${productId(pick(this.sizes.listings))}` }
      case 'my orders': {
        const c = pick(history)
        return { kind, method: 'GET', path: `/api/bookings?email=${customerEmail(c)}`, headers: this.bearer(c) }
      }
      case 'my wishlist': {
        const c = pick(history)
        return { kind, method: 'GET', path: `/api/wishlists?email=${customerEmail(c)}`, headers: this.bearer(c) }
      }
      case 'search words':
      case 'search filters':
      case 'search both': {
        // a quarter of searches ask for a later page (Load more)
        const pages = this.searchPages.get(kind)
        if (pages && pages.length > 0 && pick(4) === 1)
          return { kind, method: 'GET', path: pages[pick(pages.length) - 1]! }
        return { kind, method: 'GET', path: searchPath(kind) }
      }
      case 'book': {
        // customers without history book; the listing is the next unbooked one (wraps around if the pool runs out)
        const c = history + pick(this.sizes.customers - history)
        const listing = this.bookable[this.nextBookable++ % this.bookable.length]!
        return {
          kind,
          method: 'POST',
          path: '/api/bookings',
          headers: { ...this.bearer(c), 'content-type': 'application/json' },
          body: JSON.stringify({ product_id: productId(listing), number: '+1 555 0199', location: 'Lisbon' }),
        }
      }
    }
  }

  /** Follows searches of each kind to their second and third pages, for the mix to ask for later pages too. */
  async recordSearchPages(base: string): Promise<void> {
    for (const kind of SEARCH_KINDS) {
      const pages: string[] = []
      for (let i = 0; i < 40; i++) {
        let path: string | undefined = searchPath(kind)
        for (let page = 0; page < 2 && path; page++) {
          const res = await fetch(base + path)
          if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
          path = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1]
          if (path) pages.push(path)
        }
      }
      this.searchPages.set(kind, pages)
    }
  }

  record(kind: Kind, status: number, ms: number) {
    const s = this.stats.get(kind)!
    s.count++
    s.statuses[status] = (s.statuses[status] ?? 0) + 1
    s.latencies.push(ms)
  }

  resetStats() {
    for (const [kind] of WEIGHTS) this.stats.set(kind, { count: 0, statuses: {}, latencies: [] })
  }
}

/** A first page of a search: words, two or three filters, or both; a spread of sorts and page sizes. */
function searchPath(kind: Kind): string {
  const params: string[] = []
  if (kind !== 'search filters') params.push(`q=${encodeURIComponent(SEARCH_WORDS[pick(SEARCH_WORDS.length) - 1]!)}`)
  if (kind !== 'search words') {
    const chosen = new Set<number>()
    const count = kind === 'search both' ? 1 + pick(2) : 1 + pick(2)
    while (chosen.size < count) chosen.add(pick(SEARCH_FILTERS.length) - 1)
    for (const f of chosen) params.push(SEARCH_FILTERS[f]!())
  }
  const sorts =
    kind === 'search filters'
      ? ['newest', 'price_asc', 'price_desc']
      : ['relevance', 'relevance', 'newest', 'price_asc', 'price_desc']
  params.push(`sort=${sorts[pick(sorts.length) - 1]}`)
  if (pick(4) === 1) params.push('limit=48')
  return `/api/search?${params.join('&')}`
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
