import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/build-test-app.ts'
import { insertProduct, insertUser } from '../../../test/fixtures.ts'
import type { Database } from '../client.ts'
import { chatMessages, conversations } from '../schema/index.ts'
import { DEMO_CONVERSATIONS, seedDemoConversations } from './demo-conversations.ts'
import { seedReferenceData } from './seed.ts'

// Two demo conversations, one with a phone number hidden before storing, each ending unread for its
// recipient; written by the conversations module's own functions in one transaction.

const NOW = Date.UTC(2026, 10, 25, 12)
let dir: string
let database: Database
let drop: () => Promise<void>

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-demo-conversations-'))
  ;({ database, drop } = await openTestDatabase(dir))
  await seedReferenceData(database.db)
})
afterAll(async () => {
  await database?.close()
  await drop?.()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('demo conversations', () => {
  it('seeds two conversations, one with a masked phone number and two answers its buyer has not read', async () => {
    const db = database.db
    const people = new Map<string, string>()
    for (const key of ['emma', 'noah', 'seller'])
      people.set(key, (await insertUser(db, { role: key === 'seller' ? 'seller' : 'customer' })).id)
    const listings = new Map<string, { id: string; sellerId: string }>()
    for (const c of DEMO_CONVERSATIONS) {
      const p = await insertProduct(db, people.get('seller')!, { title: c.listing })
      listings.set(c.listing, { id: p.id, sellerId: p.sellerId })
    }
    const n = await db.transaction((tx) =>
      seedDemoConversations(
        tx,
        (key) => people.get(key)!,
        (title) => listings.get(title),
        NOW,
      ),
    )
    expect(n).toBe(2)
    const rows = await db.select().from(conversations).orderBy(asc(conversations.createdAt))
    expect(rows).toHaveLength(2)
    const messagesOf = (id: string) =>
      db.select().from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(asc(chatMessages.seq))
    const [question, dispute] = [await messagesOf(rows[1]!.id), await messagesOf(rows[0]!.id)]
    // the dispute's conversation is the older one
    expect(dispute[0]!.text).toContain('call me on [hidden] so we')
    expect(dispute[0]!.masked).toBe(true)
    expect(JSON.stringify(dispute)).not.toContain('900123')
    expect(question.every((m) => !m.masked)).toBe(true)
    // Emma and the seller have read theirs; Noah has not read the seller's two answers
    expect(rows[1]).toMatchObject({ lastSeq: 3, buyerReadSeq: 3, sellerReadSeq: 3, buyerId: people.get('emma') })
    expect(rows[0]).toMatchObject({ lastSeq: 3, buyerReadSeq: 1, sellerReadSeq: 3, buyerId: people.get('noah') })
    expect(rows[1]!.lastMessageAt.getTime()).toBe(NOW - 2 * 3_600_000)
  })

  it('refuses a listing the demo does not have', async () => {
    await expect(
      database.db.transaction((tx) =>
        seedDemoConversations(
          tx,
          () => 'x',
          () => undefined,
          NOW,
        ),
      ),
    ).rejects.toThrow('demo conversation names an unknown listing')
  })
})
