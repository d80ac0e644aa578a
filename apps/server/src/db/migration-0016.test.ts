import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MigrationHarness, openMigrationHarness } from '../../test/migration-harness.ts'
import { statementsOf } from '../../test/statements.ts'
import type { Cursor } from '../lib/paging.ts'
import { listConversationViews } from '../modules/conversations/conversations.repository.ts'
import { listNotifications } from '../modules/notifications/notifications.repository.ts'
import { listOfferViews } from '../modules/offers/offers.repository.ts'
import { listSellerReviews } from '../modules/reviews/reviews.repository.ts'
import { listSavedSearches } from '../modules/saved-searches/saved-searches.repository.ts'
import type { Database } from './client.ts'
import { offers } from './schema/index.ts'

/**
 * Migration 0016: the keyset lists' indexes in the lists' own order. Their ORDER BY is `x desc, id desc`, which is
 * NULLS FIRST; 0013 built the indexes DESC NULLS LAST, so PostgreSQL sorted each user's rows instead of reading the
 * first page off the index. Checked on the definitions, and on the plans of the statements the repositories send.
 */
let migration: MigrationHarness
let database: Database

beforeAll(async () => {
  migration = await openMigrationHarness()
  database = migration.database
})
afterAll(() => migration.close())

/** `CREATE INDEX x ON [schema.]` left out: `table USING btree (columns)`, by index name. */
const definitions = async (names: readonly string[]) => {
  const { rows } = (await database.db.execute(
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`,
  )) as unknown as { rows: { indexname: string; indexdef: string }[] }
  return Object.fromEntries(
    rows
      .filter((r) => names.includes(r.indexname))
      .map((r) => [r.indexname, r.indexdef.replace(/^CREATE INDEX \S+ ON (?:\w+\.)?/, '')]),
  )
}

// `DESC` alone is DESC NULLS FIRST: pg_get_indexdef names NULLS only where it differs from the default
const REBUILT = {
  conversation_buyer_idx: 'conversation USING btree (buyer_id, last_message_at DESC, id DESC)',
  conversation_seller_idx: 'conversation USING btree (seller_id, last_message_at DESC, id DESC)',
  notification_user_idx: 'notification USING btree (user_id, created_at DESC, id DESC)',
  offer_buyer_idx: 'offer USING btree (buyer_id, created_at DESC, id DESC)',
  offer_seller_idx: 'offer USING btree (seller_id, created_at DESC, id DESC)',
  review_seller_idx: 'review USING btree (seller_id, created_at DESC, id DESC)',
  saved_search_user_idx: 'saved_search USING btree (user_id, created_at DESC, id DESC)',
}
const names = Object.keys(REBUILT)

interface PlanNode {
  'Node Type': string
  'Index Name'?: string
  'Index Cond'?: string
  Filter?: string
  Plans?: PlanNode[]
}

/**
 * The plan of the one statement `run` sends, with scans other than index scans, and sorts, made as dear as the
 * planner allows: where an index serves the ORDER BY the plan has no sort, even on the test's few rows.
 */
async function planOf(run: () => Promise<unknown>): Promise<PlanNode> {
  const statements = await statementsOf(database.db, run)
  expect(statements).toHaveLength(1)
  const { text, params } = statements[0]!
  // the same text and values, bound again as drizzle binds them ($1, $2… in order)
  const statement = sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
  )
  return database.db.transaction(async (tx) => {
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort', 'enable_incremental_sort'])
      await tx.execute(sql.raw(`set local ${setting} = off`))
    const { rows } = (await tx.execute(sql`explain (format json) ${statement}`)) as unknown as {
      rows: { 'QUERY PLAN': unknown }[]
    }
    const raw = rows[0]!['QUERY PLAN']
    return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }])[0].Plan
  })
}

/**
 * The scans using `index`, each with the sorts between it and the nearest Limit above it (or the top): an index read
 * in the list's order needs none.
 */
function scansOf(plan: PlanNode, index: string) {
  const found: { scan: PlanNode; sortsAbove: string[] }[] = []
  const walk = (node: PlanNode, sortsAbove: string[]) => {
    if (node['Index Name'] === index) found.push({ scan: node, sortsAbove })
    const below =
      node['Node Type'] === 'Limit'
        ? []
        : node['Node Type'].includes('Sort')
          ? [...sortsAbove, node['Node Type']]
          : sortsAbove
    for (const child of node.Plans ?? []) walk(child, below)
  }
  walk(plan, [])
  return found
}

/** The plan as an indented outline (node, index, condition, filter): what a failure shows. */
const outline = (node: PlanNode, depth = 0): string =>
  [
    `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}` +
      `${node['Index Cond'] ? ` cond ${node['Index Cond']}` : ''}${node.Filter ? ` filter ${node.Filter}` : ''}`,
    ...(node.Plans ?? []).map((child) => outline(child, depth + 1)),
  ].join('\n')

const USER = 'user-0016'
const cursor: Cursor = { createdAt: new Date('2026-11-20T09:00:00.000Z'), id: '00000000-0000-4000-8000-000000000016' }

describe('migration 0016: the keyset lists read their indexes in order', () => {
  it('rebuilds the DESC NULLS LAST indexes of 0013 as the lists order: DESC (NULLS FIRST), id last', async () => {
    await migration.migrateUpTo('0015_live_session_signals')
    const before = await definitions(names)
    expect(before.notification_user_idx).toBe(
      'notification USING btree (user_id, created_at DESC NULLS LAST, id DESC NULLS LAST)',
    )
    expect(before.saved_search_user_idx).toBe('saved_search USING btree (user_id, created_at DESC NULLS LAST)')

    await migration.migrateAll()
    const after = await definitions(names)
    expect(after).toEqual(REBUILT)
    for (const def of Object.values(after)) expect(def).not.toContain('NULLS')
  })

  // each list: the index that serves it, read without a sort, the keyset cursor as its index condition (not a filter)
  const lists: [string, string[], (c: Cursor | undefined) => Promise<unknown>][] = [
    ['listNotifications', ['notification_user_idx'], (c) => listNotifications(database.db, USER, c, 21)],
    [
      'listConversationViews',
      ['conversation_buyer_idx', 'conversation_seller_idx'],
      (c) => listConversationViews(database.db, USER, undefined, c, 21),
    ],
    [
      'listOfferViews (buyer)',
      ['offer_buyer_idx'],
      (c) => listOfferViews(database.db, eq(offers.buyerId, USER), c, 21),
    ],
    [
      'listOfferViews (seller)',
      ['offer_seller_idx'],
      (c) => listOfferViews(database.db, eq(offers.sellerId, USER), c, 21),
    ],
    ['listSellerReviews', ['review_seller_idx'], (c) => listSellerReviews(database.db, USER, c, 21)],
  ]
  it.each(lists)('%s reads %j in order, first page and after a cursor', async (_, indexes, list) => {
    for (const c of [undefined, cursor]) {
      const plan = await planOf(() => list(c))
      for (const index of indexes) {
        const scans = scansOf(plan, index)
        expect(scans, `${index} in\n${outline(plan)}`).toHaveLength(1)
        const [{ scan, sortsAbove }] = scans as [(typeof scans)[number]]
        expect(sortsAbove, outline(plan)).toEqual([])
        if (c) {
          expect(scan['Index Cond'], outline(plan)).toMatch(/ROW\(.*\) < ROW\(/)
          expect(scan.Filter, outline(plan)).toBeUndefined()
        }
      }
    }
  })

  it('listSavedSearches reads saved_search_user_idx in order', async () => {
    const plan = await planOf(() => listSavedSearches(database.db, USER) as unknown as Promise<unknown>)
    const scans = scansOf(plan, 'saved_search_user_idx')
    expect(scans, outline(plan)).toHaveLength(1)
    expect(scans[0]!.sortsAbove, outline(plan)).toEqual([])
  })

  // the row comparison is bound as drizzle binds the columns: a date as its ISO text, the id as text
  it('binds the cursor with the columns’ encoders', async () => {
    const [statement] = await statementsOf(database.db, () => listNotifications(database.db, USER, cursor, 21))
    expect(statement!.text).toContain('("notification"."created_at", "notification"."id") < ($2, $3)')
    expect(statement!.params.slice(1, 3)).toEqual([cursor.createdAt.toISOString(), cursor.id])
  })
})
