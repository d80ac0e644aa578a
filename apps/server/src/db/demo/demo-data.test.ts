import { readFileSync } from 'node:fs'
import {
  CATEGORY_SLUGS,
  COLOURS,
  CONDITIONS,
  INCLUDES,
  MATERIALS,
  MEASUREMENTS,
  WEAR_AREAS,
} from '@preloved/shared/constants'
import { describe, expect, it } from 'vitest'
import { BAG_VIEWS } from './bag-art.ts'
import {
  DEMO_ADMIN,
  DEMO_CATEGORIES,
  DEMO_CUSTOMERS,
  DEMO_EMAIL_DOMAIN,
  DEMO_LISTINGS,
  DEMO_PASSWORD,
  DEMO_SELLERS,
  DEMO_USERS,
} from './demo-data.ts'

describe('demo data', () => {
  it('has one category per slug, in order', () => {
    expect(DEMO_CATEGORIES.map((c) => c.slug)).toEqual([...CATEGORY_SLUGS])
    expect(DEMO_CATEGORIES.map((c) => c.position)).toEqual([0, 1, 2])
    for (const c of DEMO_CATEGORIES) expect(c.description.length).toBeGreaterThan(40)
  })

  it('has 6 sellers (3 verified), 2 customers and an admin, all on the demo domain', () => {
    expect(DEMO_SELLERS).toHaveLength(6)
    expect(DEMO_SELLERS.filter((s) => s.verified)).toHaveLength(3)
    expect(DEMO_CUSTOMERS).toHaveLength(2)
    expect(DEMO_ADMIN.email).toBe('admin@demo.preloved.test')
    const emails = DEMO_USERS.map((u) => u.email)
    expect(new Set(emails).size).toBe(emails.length)
    for (const email of emails)
      expect(email).toMatch(new RegExp(`^[a-z.]+@${DEMO_EMAIL_DOMAIN.replace(/\./g, '\\.')}$`))
    // the signup rules: 6+ characters with an uppercase letter, a digit and one of ! @ # $ & *
    expect(DEMO_PASSWORD).toMatch(/^(?=.*[A-Z])(?=.*\d)(?=.*[!@#$&*]).{6,}$/)
  })

  it('has at least 120 believable listings, 30 or more per category', () => {
    expect(DEMO_LISTINGS.length).toBeGreaterThanOrEqual(120)
    for (const slug of CATEGORY_SLUGS) {
      expect(DEMO_LISTINGS.filter((l) => l.category === slug).length).toBeGreaterThanOrEqual(30)
    }
    const titles = DEMO_LISTINGS.map((l) => l.title)
    expect(new Set(titles).size).toBe(titles.length)
    const sellers = new Set(DEMO_SELLERS.map((s) => s.key))
    for (const l of DEMO_LISTINGS) {
      expect(sellers.has(l.seller)).toBe(true)
      expect(Number.isInteger(l.originalPriceCents) && Number.isInteger(l.resellPriceCents)).toBe(true)
      expect(l.resellPriceCents).toBeGreaterThan(0)
      expect(l.resellPriceCents).toBeLessThan(l.originalPriceCents)
      expect(l.year).toMatch(/^(199\d|20[0-2]\d)$/)
      expect(CONDITIONS).toContain(l.condition)
      expect(l.phone).toMatch(/^\+1 \d{3} 555 01\d\d$/)
      expect(l.daysAgo).toBeGreaterThanOrEqual(0)
      expect(l.daysAgo).toBeLessThanOrEqual(60)
      expect(l.description.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 1).length).toBeGreaterThanOrEqual(2)
      const artKind = { Shoulder: 'shoulder', Tote: 'tote', Backpacks: 'backpack' }[l.category]
      expect(l.art.kind).toBe(artKind)
    }
    // each listing gets its own picture
    expect(new Set(DEMO_LISTINGS.map((l) => JSON.stringify(l.art))).size).toBe(DEMO_LISTINGS.length)
  })

  it('advertises about 8 listings across categories, mostly from verified sellers', () => {
    const ads = DEMO_LISTINGS.filter((l) => l.advertised)
    expect(ads.length).toBeGreaterThanOrEqual(6)
    expect(ads.length).toBeLessThanOrEqual(10)
    expect(new Set(ads.map((l) => l.category)).size).toBe(3)
    const verified = new Set(DEMO_SELLERS.filter((s) => s.verified).map((s) => s.key))
    expect(ads.filter((l) => verified.has(l.seller)).length).toBeGreaterThan(ads.length / 2)
  })

  // the brand table as migration 0008 seeds it: slug → tier
  const migration = readFileSync(new URL('../../../drizzle/0008_listing_details.sql', import.meta.url), 'utf8')
  const tiers = new Map(
    [...migration.matchAll(/^\s+\('([a-z0-9-]+)', '[^']+', ARRAY\[[^\]]*\]::text\[\], '([a-z-]+)'\)/gm)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  )

  it('names brands of the brand table, from every tier', () => {
    expect(tiers.size).toBe(84)
    for (const l of DEMO_LISTINGS) expect(tiers.has(l.brand), `${l.title}: ${l.brand}`).toBe(true)
    const used = new Set(DEMO_LISTINGS.map((l) => tiers.get(l.brand)))
    expect([...used].sort()).toEqual(['high-street', 'luxury', 'none', 'premium'])
    expect(new Set(DEMO_LISTINGS.map((l) => l.brand)).size).toBeGreaterThanOrEqual(50)
    // the e2e tests open this one by its title
    expect(DEMO_LISTINGS.find((l) => l.title === 'Chanel Classic Double Flap Medium')?.brand).toBe('chanel')
  })

  it('shows every colour and every material, at prices from $40 to $6,000 that suit the brand', () => {
    expect(COLOURS.filter((c) => !DEMO_LISTINGS.some((l) => l.colour === c))).toEqual([])
    expect(MATERIALS.filter((m) => !DEMO_LISTINGS.some((l) => l.material === m))).toEqual([])
    const prices = DEMO_LISTINGS.map((l) => l.resellPriceCents)
    expect(Math.min(...prices)).toBe(4_000)
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(500_000)
    expect(Math.max(...prices)).toBeLessThanOrEqual(600_000)
    for (const l of DEMO_LISTINGS) {
      const tier = tiers.get(l.brand)
      if (tier === 'luxury') expect(l.resellPriceCents, l.title).toBeGreaterThanOrEqual(30_000)
      if (tier === 'high-street' || tier === 'none') expect(l.resellPriceCents, l.title).toBeLessThanOrEqual(20_000)
    }
  })

  it('describes each bag: measurements, includes and wear notes within the listing rules', () => {
    for (const l of DEMO_LISTINGS) {
      for (const [name, cm] of Object.entries(l.measurements)) {
        expect(MEASUREMENTS).toContain(name)
        expect(cm).toBeGreaterThanOrEqual(1)
        expect(cm).toBeLessThanOrEqual(200)
      }
      for (const item of l.includes) expect(INCLUDES).toContain(item)
      expect(new Set(l.includes).size).toBe(l.includes.length)
      for (const [area, note] of Object.entries(l.wear)) {
        expect(WEAR_AREAS).toContain(area)
        expect(note.length).toBeGreaterThan(5)
        expect(note.length).toBeLessThanOrEqual(300)
      }
    }
    expect(DEMO_LISTINGS.filter((l) => Object.keys(l.measurements).length >= 3).length).toBe(DEMO_LISTINGS.length)
    expect(DEMO_LISTINGS.filter((l) => Object.keys(l.wear).length > 0).length).toBeGreaterThan(DEMO_LISTINGS.length / 2)
    for (const c of CONDITIONS) expect(DEMO_LISTINGS.some((l) => l.condition === c)).toBe(true)
  })

  it('has 2–6 photos of each bag, the front first and no angle twice', () => {
    for (const l of DEMO_LISTINGS) {
      expect(l.views.length).toBeGreaterThanOrEqual(2)
      expect(l.views.length).toBeLessThanOrEqual(6)
      expect(l.views[0]).toBe('front')
      expect(new Set(l.views).size).toBe(l.views.length)
      for (const v of l.views) expect(BAG_VIEWS).toContain(v)
    }
    for (const count of [2, 6]) expect(DEMO_LISTINGS.some((l) => l.views.length === count)).toBe(true)
    for (const view of BAG_VIEWS) expect(DEMO_LISTINGS.some((l) => l.views.includes(view))).toBe(true)
  })

  it('lowered the price of some bags after listing them', () => {
    const dropped = DEMO_LISTINGS.filter((l) => l.priceDrop)
    expect(dropped.length).toBeGreaterThanOrEqual(8)
    for (const l of dropped) {
      expect(l.priceDrop!.fromCents).toBeGreaterThan(l.resellPriceCents)
      expect(l.priceDrop!.fromCents).toBeLessThan(l.originalPriceCents)
      expect(l.priceDrop!.daysAgo).toBeGreaterThanOrEqual(0)
      expect(l.priceDrop!.daysAgo).toBeLessThan(l.daysAgo)
    }
  })
})
