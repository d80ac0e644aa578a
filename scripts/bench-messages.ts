// Messages and notifications at a million rows each: the lists stay keyset-paged and index-backed. Seeds
// BENCH_MESSAGES messages over BENCH_CONVERSATIONS conversations (one busy conversation of BENCH_BUSY_MESSAGES; one
// busy user, u-0, a party to BENCH_BUSY_CONVERSATIONS of them, half as buyer and half as seller) and
// BENCH_NOTIFICATIONS notifications over BENCH_USERS users (u-0 has BENCH_BUSY_NOTIFICATIONS, the newest
// BENCH_BUSY_UNREAD of them unread), in SQL in one transaction. Then times the repository functions the routes call,
// with the routes' page sizes (p50/p99 over BENCH_RUNS calls), for the busy user and conversation and a typical one, on
// the embedded database (PGlite in a temp dir) and on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test), and prints on PostgreSQL the EXPLAIN ANALYZE of the very statements the
// functions sent (BENCH_EXPLAIN=0 leaves it out).
// Run: npm run bench:messages (BENCH_TARGETS=pglite,postgres).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { desc, eq, or, sql } from 'drizzle-orm'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import { conversations, notifications } from '../apps/server/src/db/schema/index.ts'
import type { Cursor } from '../apps/server/src/lib/paging.ts'
import {
  listConversationViews,
  listMessages,
  unreadCount as unreadMessages,
} from '../apps/server/src/modules/conversations/conversations.repository.ts'
import {
  listNotifications,
  unreadCount as unreadNotifications,
} from '../apps/server/src/modules/notifications/notifications.repository.ts'
import { freshPostgres } from '../apps/server/test/fresh-postgres.ts'
import { driverOf, statementsOf } from '../apps/server/test/statements.ts'
import { NOTIFICATION_KINDS } from '../packages/shared/src/notifications.ts'
import { percentile } from './bench-mix.ts'

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const MESSAGES = env('BENCH_MESSAGES', 1_000_000)
const CONVERSATIONS = env('BENCH_CONVERSATIONS', 20_000)
const BUSY_MESSAGES = env('BENCH_BUSY_MESSAGES', 100_000)
const BUSY_CONVERSATIONS = env('BENCH_BUSY_CONVERSATIONS', 2_000)
const NOTIFICATIONS = env('BENCH_NOTIFICATIONS', 1_000_000)
const USERS = env('BENCH_USERS', 10_000)
const BUSY_NOTIFICATIONS = env('BENCH_BUSY_NOTIFICATIONS', 100_000)
const BUSY_UNREAD = env('BENCH_BUSY_UNREAD', 50_000)
const RUNS = env('BENCH_RUNS', 200)
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',')
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const EXPLAIN = process.env.BENCH_EXPLAIN !== '0'

// the routes' page sizes (conversations.routes.ts, notifications.routes.ts), each asked one row more to know of a next
const CONVERSATIONS_PAGE = 20 + 1
const MESSAGES_PAGE = 50 + 1
const NOTIFICATIONS_PAGE = 20 + 1

// users: u-0 is the busy one; u-1…u-(HALF-1) sell, u-HALF…u-(USERS-1) buy; u-0 sells SELLER_BAGS bags and buys
const HALF = Math.floor(USERS / 2)
const BUYERS = USERS - HALF
const SELLER_BAGS = Math.min(200, BUSY_CONVERSATIONS)
const AS_BUYER = Math.floor(BUSY_CONVERSATIONS / 2)
const AS_SELLER = BUSY_CONVERSATIONS - AS_BUYER
const OTHERS = CONVERSATIONS - BUSY_CONVERSATIONS
const TYPICAL_USER = `u-${HALF + 3}`
if (
  HALF < 2 ||
  AS_SELLER > BUYERS ||
  BUYERS <= 28 ||
  OTHERS < 1 ||
  MESSAGES - BUSY_MESSAGES < CONVERSATIONS - 1 ||
  NOTIFICATIONS - BUSY_NOTIFICATIONS < USERS - 1 ||
  BUSY_UNREAD > BUSY_NOTIFICATIONS
)
  throw new Error('bench sizes do not fit: every conversation needs a message and every user a notification')

/** A uuid computed from a row number: `kind` is one hex digit ('a' bags, 'c' conversations). */
const uuidOf = (kind: string, expr: string) =>
  `('${kind}0000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`
const conversationId = (c: number) => `c0000000-0000-4000-8000-${c.toString(16).padStart(12, '0')}`
/** Bag k's seller: u-0 for the first SELLER_BAGS, else one of the sellers. */
const sellerOf = (k: string) => `case when ${k} <= ${SELLER_BAGS} then 'u-0' else 'u-' || (1 + ${k} % ${HALF - 1}) end`

/**
 * Conversation c (1-based), its bag k and buyer: 1…AS_BUYER u-0 asks about another seller's bag (c = 1 is the busy
 * conversation); then AS_SELLER buyers ask about u-0's bags; then the others, four buyers to a bag. Each conversation
 * but the busy one holds (MESSAGES - BUSY_MESSAGES) / (CONVERSATIONS - 1) messages (one more for the first ones).
 */
const conversationRows = `
  select c, k, buyer_id, n,
         date_trunc('second', now()) - make_interval(mins => ((c::bigint * 7919) % ${CONVERSATIONS})::int) as last_at
  from (
    select c,
      case when c <= ${AS_BUYER} then ${SELLER_BAGS} + c
           when c <= ${BUSY_CONVERSATIONS} then 1 + c % ${SELLER_BAGS}
           else ${SELLER_BAGS + AS_BUYER} + 1 + (c - ${BUSY_CONVERSATIONS + 1}) / 4 end as k,
      case when c <= ${AS_BUYER} then 'u-0'
           when c <= ${BUSY_CONVERSATIONS} then 'u-' || (${HALF} + c % ${BUYERS})
           else 'u-' || (${HALF} + ((c - ${BUSY_CONVERSATIONS + 1}) * 7) % ${BUYERS}) end as buyer_id,
      case when c = 1 then ${BUSY_MESSAGES}
           else ${Math.floor((MESSAGES - BUSY_MESSAGES) / (CONVERSATIONS - 1))}
             + case when c - 2 < ${(MESSAGES - BUSY_MESSAGES) % (CONVERSATIONS - 1)} then 1 else 0 end end as n
    from generate_series(1, ${CONVERSATIONS}) c) s`
const BAGS = SELLER_BAGS + AS_BUYER + Math.ceil(OTHERS / 4)

/** Users, bags, conversations, messages and notifications, written in SQL without the foreign keys' checks. */
async function seed(db: Database['db']) {
  const step = async (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0], label: string, text: string) => {
    const started = performance.now()
    await tx.execute(sql.raw(text))
    if (process.env.BENCH_VERBOSE) console.info(`    ${((performance.now() - started) / 1000).toFixed(1)} s: ${label}`)
  }
  const kinds = `array[${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')}]`
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await step(
      tx,
      'users',
      `insert into "user" (id, name, email, email_verified, role)
       select 'u-' || g, 'User ' || g, 'u' || g || '@bench.test', true,
              case when g < ${HALF} then 'seller' else 'customer' end
       from generate_series(0, ${USERS - 1}) g`,
    )
    await step(
      tx,
      'bags',
      `insert into product (id, seller_id, title, img, thumb, category, original_price, resell_price, year, location,
                            phone, condition, description, photos)
       select ${uuidOf('a', 'k')}, ${sellerOf('k')}, 'Bench bag ' || k, '/uploads/' || k || '-800.webp',
              '/uploads/' || k || '-320.webp', 'Tote', 30000, 20000, '2020', 'Lisbon', '+1 555 0100', 'good',
              'Gently used.',
              jsonb_build_array(jsonb_build_object('url', '/uploads/' || k || '-800.webp',
                                                   'thumb', '/uploads/' || k || '-320.webp'))
       from generate_series(1, ${BAGS}) k`,
    )
    // each side has read all but the last (c % 3) or (c % 4) messages; the conversation began with its first message
    await step(
      tx,
      'conversations',
      `insert into conversation (id, product_id, buyer_id, seller_id, last_message_at, last_seq, buyer_read_seq,
                                 seller_read_seq, created_at)
       select ${uuidOf('c', 'c')}, ${uuidOf('a', 'k')}, buyer_id, ${sellerOf('k')}, last_at, n,
              greatest(0, n - c % 3), greatest(0, n - c % 4), last_at - make_interval(mins => n - 1)
       from (${conversationRows}) r`,
    )
    // message s of conversation c: seq s, a minute after the one before, the last one at last_message_at; the buyer
    // writes the odd ones, the seller the even ones
    const others = MESSAGES - BUSY_MESSAGES
    await step(
      tx,
      'messages',
      `insert into message (conversation_id, seq, sender_id, text, created_at)
       select cv.id, m.s, case when m.s % 2 = 1 then cv.buyer_id else cv.seller_id end,
              'Is it still available? Message ' || m.s, cv.last_message_at - make_interval(mins => cv.last_seq - m.s)
       from (select 1 as c, s from generate_series(1, ${BUSY_MESSAGES}) s
             union all
             select 2 + g % ${CONVERSATIONS - 1}, 1 + g / ${CONVERSATIONS - 1} from generate_series(0, ${others - 1}) g) m
       join conversation cv on cv.id = ${uuidOf('c', 'm.c')}`,
    )
    // notification j (0 = newest) of a user, a minute apart; u-0's newest BUSY_UNREAD and the others' newest 5 unread
    await step(
      tx,
      'notifications',
      `insert into notification (user_id, kind, text, link, read_at, created_at)
       select 'u-' || u, (${kinds})[1 + (j + u) % ${NOTIFICATION_KINDS.length}], 'Something happened ' || j,
              '/dashboard/orders/' || j,
              case when j < (case when u = 0 then ${BUSY_UNREAD} else 5 end) then null else at + interval '1 hour' end,
              at
       from (select u, j, date_trunc('second', now()) - make_interval(mins => j, secs => u % 60) as at
             from (select 0 as u, j from generate_series(0, ${BUSY_NOTIFICATIONS - 1}) j
                   union all
                   select 1 + g % ${USERS - 1}, g / ${USERS - 1}
                   from generate_series(0, ${NOTIFICATIONS - BUSY_NOTIFICATIONS - 1}) g) n) t`,
    )
  })
}

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Scan Direction'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  'Heap Fetches'?: number
  'Shared Hit Blocks'?: number
  'Shared Read Blocks'?: number
  'Index Cond'?: string
  'Recheck Cond'?: string
  Filter?: string
  Plans?: PlanNode[]
}

const BIG_TABLES = new Set(['message', 'notification', 'conversation'])

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, one line per plan node, and what looks wrong in it. */
async function explain(db: Database['db'], statements: { text: string; params: unknown[] }[]) {
  const lines: string[] = []
  for (const { text, params } of statements) {
    const { rows } = await driverOf(db).query(`explain (analyze, buffers, format json) ${text}`, params)
    const raw = rows[0]?.['QUERY PLAN']
    const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
      { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number },
    ]
    const warnings: string[] = []
    const walk = (node: PlanNode, depth: number) => {
      const rowsRead = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)
      const removed = (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)
      const cond = node['Index Cond'] ?? node['Recheck Cond']
      lines.push(
        `      ${'  '.repeat(depth)}${node['Node Type']}${node['Scan Direction'] === 'Backward' ? ' Backward' : ''}` +
          `${node['Index Name'] ? ` using ${node['Index Name']}` : ''}` +
          `${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}: rows ${node['Actual Rows']}` +
          `${(node['Actual Loops'] ?? 1) > 1 ? ` x ${node['Actual Loops']} loops` : ''}` +
          `${removed ? `, ${removed} removed by filter` : ''}` +
          `${node['Heap Fetches'] !== undefined ? `, heap fetches ${node['Heap Fetches']}` : ''}` +
          `${cond ? `; cond ${cond.replaceAll(/\s+/g, ' ').slice(0, 90)}` : ''}` +
          `${node.Filter ? `; filter ${node.Filter.replaceAll(/\s+/g, ' ').slice(0, 90)}` : ''}`,
      )
      const relation = node['Relation Name']
      if (relation && BIG_TABLES.has(relation)) {
        if (node['Node Type'] === 'Seq Scan') warnings.push(`seq scan on ${relation}`)
        if (removed > 1000) warnings.push(`${removed} ${relation} rows read and dropped by a filter`)
        if (rowsRead > 1000) warnings.push(`${rowsRead} ${relation} rows read`)
      }
      for (const child of node.Plans ?? []) walk(child, depth + 1)
    }
    const blocks = (top.Plan['Shared Hit Blocks'] ?? 0) + (top.Plan['Shared Read Blocks'] ?? 0)
    lines.push(`    plan (${top['Execution Time'].toFixed(2)} ms, ${blocks} buffers):`)
    walk(top.Plan, 0)
    if (warnings.length > 0) lines.push(`    !! ${warnings.join('; ')}`)
  }
  return lines
}

async function measure(run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p99: percentile(times, 99) }
}

/** The (created_at, id) keyset cursor after the `offset`-th row of a list, as the route would have encoded it. */
async function conversationCursor(db: Database['db'], userId: string, offset: number): Promise<Cursor> {
  const [row] = await db
    .select({ createdAt: conversations.lastMessageAt, id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .offset(offset)
    .limit(1)
  if (!row) throw new Error(`no conversation at ${offset}`)
  return row
}

async function notificationCursor(db: Database['db'], userId: string, offset: number): Promise<Cursor> {
  const [row] = await db
    .select({ createdAt: notifications.createdAt, id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .offset(offset)
    .limit(1)
  if (!row) throw new Error(`no notification at ${offset}`)
  return row
}

const n = (value: number) => value.toLocaleString('en-US')
const figures = new Map<string, Map<string, { p50: number; p99: number }>>()

for (const target of TARGETS) {
  const dir = await mkdtemp(path.join(tmpdir(), 'preloved-bench-messages-'))
  const fresh = target === 'postgres' ? await freshPostgres('preloved_bench_messages', PG_URL) : undefined
  // PGlite persisted in the temp dir (as the server keeps it in DATA_DIR), or the fresh PostgreSQL database
  const database = await openDatabase(fresh?.url, dir)
  try {
    await database.migrate()
    const seeding = performance.now()
    await seed(database.db)
    const seeded = performance.now()
    await database.db.execute(sql`analyze`)
    console.info(
      `${target}: ${n(MESSAGES)} messages in ${n(CONVERSATIONS)} conversations and ${n(NOTIFICATIONS)} notifications ` +
        `of ${n(USERS)} users seeded in ${((seeded - seeding) / 1000).toFixed(1)} s, analyzed in ` +
        `${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    )
    const db = database.db
    const busyConversation = conversationId(1)
    const typicalConversation = conversationId(BUSY_CONVERSATIONS + 100)
    const deepConversations = Math.floor(BUSY_CONVERSATIONS * 0.75)
    const deepNotifications = Math.floor(BUSY_NOTIFICATIONS * 0.9)
    const deepSeq = Math.floor(BUSY_MESSAGES / 100) + 1
    const conversationsAfter = await conversationCursor(db, 'u-0', deepConversations - 1)
    const notificationsAfter = await notificationCursor(db, 'u-0', deepNotifications - 1)
    // page 2 (after the first 20): what scrolling on asks most
    const conversationsPage2 = await conversationCursor(db, 'u-0', 19)
    const notificationsPage2 = await notificationCursor(db, 'u-0', 19)
    const queries: [string, () => Promise<unknown>][] = [
      [
        `listMessages newest page, busy conversation (${n(BUSY_MESSAGES)} messages)`,
        () => listMessages(db, busyConversation, undefined, MESSAGES_PAGE),
      ],
      [
        `listMessages deep page, busy conversation (beforeSeq ${n(deepSeq)})`,
        () => listMessages(db, busyConversation, deepSeq, MESSAGES_PAGE),
      ],
      [
        `listMessages newest page, typical conversation (~${Math.round((MESSAGES - BUSY_MESSAGES) / (CONVERSATIONS - 1))} messages)`,
        () => listMessages(db, typicalConversation, undefined, MESSAGES_PAGE),
      ],
      [
        `listConversationViews first page, busy user (${n(BUSY_CONVERSATIONS)} conversations)`,
        () => listConversationViews(db, 'u-0', undefined, undefined, CONVERSATIONS_PAGE),
      ],
      [
        'listConversationViews second page (after the 20th), busy user',
        () => listConversationViews(db, 'u-0', undefined, conversationsPage2, CONVERSATIONS_PAGE),
      ],
      [
        `listConversationViews page after the ${n(deepConversations)}th, busy user`,
        () => listConversationViews(db, 'u-0', undefined, conversationsAfter, CONVERSATIONS_PAGE),
      ],
      [
        'listConversationViews first page, typical user',
        () => listConversationViews(db, TYPICAL_USER, undefined, undefined, CONVERSATIONS_PAGE),
      ],
      [
        `conversations unreadCount, busy user (${n(BUSY_CONVERSATIONS)} conversations)`,
        () => unreadMessages(db, 'u-0'),
      ],
      ['conversations unreadCount, typical user', () => unreadMessages(db, TYPICAL_USER)],
      [
        `listNotifications first page, busy user (${n(BUSY_NOTIFICATIONS)})`,
        () => listNotifications(db, 'u-0', undefined, NOTIFICATIONS_PAGE),
      ],
      [
        'listNotifications second page (after the 20th), busy user',
        () => listNotifications(db, 'u-0', notificationsPage2, NOTIFICATIONS_PAGE),
      ],
      [
        `listNotifications page after the ${n(deepNotifications)}th, busy user`,
        () => listNotifications(db, 'u-0', notificationsAfter, NOTIFICATIONS_PAGE),
      ],
      [
        `listNotifications first page, typical user (~${Math.round((NOTIFICATIONS - BUSY_NOTIFICATIONS) / (USERS - 1))})`,
        () => listNotifications(db, TYPICAL_USER, undefined, NOTIFICATIONS_PAGE),
      ],
      [`notifications unreadCount, busy user (${n(BUSY_UNREAD)} unread)`, () => unreadNotifications(db, 'u-0')],
      ['notifications unreadCount, typical user (5 unread)', () => unreadNotifications(db, TYPICAL_USER)],
    ]
    for (const [label, run] of queries) {
      const result = await measure(run)
      if (!figures.has(label)) figures.set(label, new Map())
      figures.get(label)!.set(target, result)
      console.info(`${target}: ${label}: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`)
      if (EXPLAIN && target === 'postgres')
        for (const line of await explain(db, await statementsOf(db, run))) console.info(line)
    }
  } finally {
    await database.close()
    await fresh?.drop()
    await rm(dir, { recursive: true, force: true })
  }
}

console.info(`\n| query | ${TARGETS.map((t) => `${t} p50 / p99 (ms)`).join(' | ')} |`)
console.info(`|---|${TARGETS.map(() => '---').join('|')}|`)
for (const [label, byTarget] of figures) {
  const cells = TARGETS.map((t) => {
    const f = byTarget.get(t)
    return f ? `${f.p50.toFixed(2)} / ${f.p99.toFixed(2)}` : '–'
  })
  console.info(`| ${label} | ${cells.join(' | ')} |`)
}
