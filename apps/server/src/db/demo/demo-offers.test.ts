import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { OFFER_STATUSES } from '@preloved/shared/offers'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/build-test-app.ts'
import { LocalImageStore } from '../../modules/images/image-store.ts'
import { findOfferView, toOfferJson } from '../../modules/offers/offers.repository.ts'
import { reservedAt } from '../../modules/products/products.repository.ts'
import type { Database } from '../client.ts'
import { liveEvents, notifications, offers, products, users } from '../schema/index.ts'
import { DEMO_PASSWORD } from './demo-data.ts'
import { DEMO_OFFERS } from './demo-offers.ts'
import { seedDemoData } from './seed.ts'

// The demo has offers in every state for the demo accounts, made by the offers module itself.

const HOUR = 3_600_000
const NOW = new Date(Date.UTC(2026, 10, 26, 12))

let dir: string
let database: Database
let drop: () => Promise<void>

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-demo-offers-'))
  ;({ database, drop } = await openTestDatabase(dir))
  const store = new LocalImageStore(path.join(dir, 'uploads'))
  expect(await seedDemoData(database.db, store, undefined, DEMO_PASSWORD, undefined, { now: NOW })).toBe(true)
}, 600_000)

afterAll(async () => {
  await database?.close()
  await drop?.()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('demo offers', () => {
  it('every state, between the demo customers and sellers, quietly', async () => {
    const db = database.db
    const rows = await db.select().from(offers)
    expect(rows).toHaveLength(DEMO_OFFERS.length)
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(OFFER_STATUSES))
    const emailOf = new Map((await db.select().from(users)).map((u) => [u.id, u.email]))
    const accepted = rows.find((r) => r.status === 'accepted')!
    expect(emailOf.get(accepted.buyerId)).toBe('emma.wilson@demo.preloved.test')
    expect(accepted.holdUntil).toEqual(new Date(NOW.getTime() + 22 * HOUR))
    // the accepted offer holds its bag: it reads reserved
    const [bag] = await db
      .select({ reserved: reservedAt(NOW) })
      .from(products)
      .where(eq(products.id, accepted.productId))
    expect(bag!.reserved).toBe(true)
    const countered = rows.find((r) => r.status === 'countered')!
    expect(countered.counterCents! > countered.amountCents).toBe(true)
    expect(countered.counterCents! < countered.listPriceCents).toBe(true)
    // each reads as its state at the seed time
    for (const r of rows) {
      const view = await findOfferView(db, r.id)
      expect(toOfferJson(view!, NOW).status).toBe(r.status)
      expect(r.amountCents).toBeGreaterThanOrEqual(Math.ceil(r.listPriceCents * 0.6))
    }
    // the demo's offers told nobody anything (the demo's own notifications are seeded apart, none about offers)
    const told = await db.select().from(notifications)
    expect(told.filter((n) => n.kind.startsWith('offer_'))).toEqual([])
    expect(await db.select().from(liveEvents)).toEqual([])
  })
})
