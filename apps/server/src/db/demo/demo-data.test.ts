import { CATEGORY_SLUGS, CONDITIONS } from '@preloved/shared/constants'
import { describe, expect, it } from 'vitest'
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

  it('has at least 27 believable listings, 9 or more per category', () => {
    expect(DEMO_LISTINGS.length).toBeGreaterThanOrEqual(27)
    for (const slug of CATEGORY_SLUGS) {
      expect(DEMO_LISTINGS.filter((l) => l.category === slug).length).toBeGreaterThanOrEqual(9)
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
})
