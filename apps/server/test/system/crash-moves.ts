import { messages } from '@preloved/shared/messages'
import { expect } from 'vitest'
import {
  type Answer,
  Client,
  freePort,
  halfWritten,
  ledgerBroken,
  type Running,
  SECRET,
  type Session,
  sellerLedgers,
  sellerWithBags,
  startServer,
} from './harness.ts'

/**
 * A kill -9 during a stream of moves leaves the ledger balanced. Paid orders are moved concurrently through
 * every path of docs/product/orders.md#moves (ship, confirm, dispute, cancel, admin refunds in part and in full, admin resolve,
 * seller payouts); the process is SIGKILLed once some of those moves were acknowledged, started again on the same
 * storage, and the database is checked against what the clients were told.
 */

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

type Kind =
  | 'ship'
  | 'confirm'
  | 'dispute'
  | 'cancel'
  | 'adminCancel'
  | 'refund'
  | 'partialRefund'
  | 'resolveRelease'
  | 'resolvePartial'
  | 'resolveRefund'
  | 'payout'

type OrderKind = Exclude<Kind, 'payout'>

/** One request of the stream; `sent` and `acked` are ticks of one counter, so they order requests and answers. */
export interface Move {
  kind: Kind
  orderId?: string
  sellerId: string
  /** Partial refunds (what was asked) and payouts (what was answered), in cents. */
  amountCents?: number
  payoutId?: string
  sent: number
  acked?: number
  /** Answered, but not with 200 (a payout with nothing available yet). */
  refused?: boolean
}

/** The moves of one order, in the order they are made (each after the previous one was answered). */
const SCRIPTS: OrderKind[][] = [
  ['ship', 'confirm'],
  ['ship', 'dispute', 'resolveRelease'],
  ['ship', 'dispute', 'resolvePartial'],
  ['ship', 'dispute', 'resolveRefund'],
  ['cancel'],
  ['refund'],
  ['partialRefund', 'ship', 'confirm'],
  ['ship', 'partialRefund', 'confirm'],
  ['adminCancel'],
  ['ship', 'dispute', 'resolveRelease'],
]
/** The state each move's answer must show. */
const ANSWERED: Record<Exclude<Kind, 'payout' | 'partialRefund'>, string> = {
  ship: 'shipped',
  confirm: 'completed',
  dispute: 'disputed',
  cancel: 'cancelled',
  adminCancel: 'cancelled',
  refund: 'refunded',
  resolveRelease: 'completed',
  resolvePartial: 'completed',
  resolveRefund: 'refunded',
}
/** Where an order may stand once the move was acknowledged (at or past it). */
const AT_OR_PAST: Record<OrderKind, string[]> = {
  ship: ['shipped', 'disputed', 'completed', 'refunded'],
  confirm: ['completed'],
  dispute: ['disputed', 'completed', 'refunded'],
  cancel: ['cancelled'],
  adminCancel: ['cancelled'],
  refund: ['refunded'],
  partialRefund: ['paid', 'shipped', 'disputed', 'completed', 'refunded', 'cancelled'],
  resolveRelease: ['completed'],
  resolvePartial: ['completed'],
  resolveRefund: ['refunded'],
}
/** Moves that close an order with money for its seller (what a payout may take). */
const CLOSING: Kind[] = ['confirm', 'resolveRelease', 'resolvePartial']
const PARTIAL_REFUND_CENTS = 2550
const PARTIAL_RESOLVE_CENTS = 3000

export interface World {
  admin: Session
  sellers: Session[]
  buyers: Session[]
  orders: { id: string; seller: Session; buyer: Session }[]
  /** An order the stream leaves alone: moved after the restart. */
  spare: { id: string; seller: Session; buyer: Session }
}

export interface Stream {
  moves: Move[]
  /** Answers that were neither 200 nor an expected refusal, before the kill (must stay empty). */
  unexpected: string[]
}

/** Sellers, buyers, the first admin, payout accounts and `n` + 1 paid orders on one running server. */
async function setUp(api: Client, server: Running, tag: string, n: number): Promise<World> {
  const seller = async (i: number) => {
    const colour = ['#a0522d', '#2f4f4f'][i]
    const shop = await sellerWithBags(api, `crash-seller${i}-${tag}@example.test`, Math.ceil((n + 1) / 2), colour)
    const account = await api.post(
      '/api/payout-account',
      { holderName: 'Sam Seller', accountNumber: '12345678' },
      shop.seller,
    )
    if (account.status !== 200) throw new Error(`payout account: ${account.status} ${JSON.stringify(account.body)}`)
    return shop
  }
  const [admin, shops, buyers] = await Promise.all([
    api.signUpAdmin(`crash-admin-${tag}@example.test`, server),
    Promise.all([0, 1].map(seller)),
    Promise.all([0, 1, 2].map((i) => api.signUp(`crash-buyer${i}-${tag}@example.test`, 'customer'))),
  ])
  const bags = shops[0]!.ids.flatMap((id, i) => [
    { productId: id, seller: shops[0]!.seller },
    { productId: shops[1]!.ids[i]!, seller: shops[1]!.seller },
  ])
  const orders: World['orders'] = new Array(n + 1)
  await Promise.all(
    buyers.map(async (buyer, k) => {
      for (let i = k; i <= n; i += buyers.length) {
        const { orderId } = await api.buy(buyer, bags[i]!.productId)
        orders[i] = { id: orderId, seller: bags[i]!.seller, buyer }
      }
    }),
  )
  return { admin, sellers: shops.map((s) => s.seller), buyers, orders: orders.slice(0, n), spare: orders[n]! }
}

/**
 * Starts a server, sets up the world and streams the moves of every order (six at a time, each order's moves in turn,
 * a payout by the seller after each move that closes an order with money for them); SIGKILLs the process once
 * `killAfter` moves were acknowledged, then starts it again on the same storage (`env`: DATA_DIR or DATABASE_URL).
 */
export async function killDuringMoves(env: Record<string, string>, tag: string, n = 20, killAfter = 24) {
  const full = {
    AUTH_SECRET: SECRET,
    PORT: String(await freePort()),
    RATE_LIMIT_FACTOR: '100',
    LIST_CACHE_MS: '0',
    DEMO_DATA: 'false',
    ADMIN_EMAIL: `crash-admin-${tag}@example.test`,
    // the closing moves' payouts and the final one need a sale available at once, on a server that runs on the real
    // clock: no new-seller reserve here (it has its own tests)
    NEW_SELLER_HOLD_DAYS: '0',
    ...env,
  }
  const first = await startServer(full)
  const api = new Client(first.url, first.url)
  const world = await setUp(api, first, tag, n)

  const stream: Stream = { moves: [], unexpected: [] }
  let tick = 0
  let killed = false
  const acked = () => stream.moves.filter((m) => m.acked !== undefined).length
  /**
   * Sends one move: its answer when acknowledged (200, `m.acked` set), undefined when refused (an unexpected refusal is
   * noted); throws when the server is gone.
   */
  const send = async (m: Move, call: () => Promise<Answer>, refused: (res: Answer) => boolean = () => false) => {
    stream.moves.push(m)
    const res = await call()
    if (res.status === 200) {
      m.acked = ++tick
      return res
    }
    m.refused = true
    if (!killed && !refused(res)) {
      stream.unexpected.push(`${m.kind} ${m.orderId ?? ''}: ${res.status} ${JSON.stringify(res.body)}`)
    }
    return undefined
  }
  const orderMove = async (kind: OrderKind, o: World['orders'][number]) => {
    const url = `/api/orders/${o.id}`
    const byKind: Record<typeof kind, () => Promise<Answer>> = {
      ship: () => api.post(`${url}/ship`, { carrier: 'DHL', trackingNumber: `JD${o.id.slice(0, 12)}` }, o.seller),
      confirm: () => api.post(`${url}/confirm`, {}, o.buyer),
      dispute: () =>
        api.post(`${url}/dispute`, { reason: 'not_as_described', note: 'Scratches the photos did not show' }, o.buyer),
      cancel: () => api.post(`${url}/cancel`, { reason: 'Sold elsewhere' }, o.seller),
      adminCancel: () => api.post(`${url}/cancel`, { reason: 'Seller asked us to' }, world.admin),
      refund: () => api.post(`${url}/refund`, { reason: 'Buyer changed their mind' }, world.admin),
      partialRefund: () =>
        api.post(`${url}/refund`, { amount: PARTIAL_REFUND_CENTS / 100, reason: 'Strap is worn' }, world.admin),
      resolveRelease: () => api.post(`${url}/resolve`, { outcome: 'release', reason: 'As described' }, world.admin),
      resolvePartial: () =>
        api.post(
          `${url}/resolve`,
          { outcome: 'refund', amount: PARTIAL_RESOLVE_CENTS / 100, reason: 'Minor wear' },
          world.admin,
        ),
      resolveRefund: () => api.post(`${url}/resolve`, { outcome: 'refund', reason: 'Not the bag listed' }, world.admin),
    }
    const amountCents =
      kind === 'partialRefund' ? PARTIAL_REFUND_CENTS : kind === 'resolvePartial' ? PARTIAL_RESOLVE_CENTS : undefined
    const res = await send({ kind, orderId: o.id, sellerId: o.seller.id, amountCents, sent: ++tick }, byKind[kind])
    if (res && kind !== 'partialRefund' && res.body.status !== ANSWERED[kind]) {
      stream.unexpected.push(`${kind} ${o.id} answered ${res.body.status}`)
    }
    return res !== undefined
  }
  const payout = async (seller: Session) => {
    const m: Move = { kind: 'payout', sellerId: seller.id, sent: ++tick }
    const nothingYet = (res: Answer) => res.status === 409 && res.body.message === messages.earnings.nothingAvailable
    const res = await send(m, () => api.post('/api/payouts', {}, seller), nothingYet)
    if (res) {
      m.payoutId = res.body._id
      m.amountCents = Math.round(res.body.amount * 100)
    }
  }

  const queue = world.orders.map((o, i) => ({ o, script: SCRIPTS[i % SCRIPTS.length]! }))
  const worker = async () => {
    for (let next = queue.shift(); next && !killed; next = queue.shift()) {
      try {
        for (const kind of next.script) {
          if (killed || !(await orderMove(kind, next.o))) break
          if (CLOSING.includes(kind)) await payout(next.o.seller)
        }
      } catch {
        return // the connection broke: the process is gone
      }
    }
  }
  const workers = Promise.all(Array.from({ length: 6 }, worker))
  // the kill lands while requests are in flight: after the killAfter-th acknowledged move, not between two calls
  while (acked() < killAfter && !(await settledYet(workers))) {
    await new Promise((r) => setTimeout(r, 2))
  }
  first.child.kill('SIGKILL')
  killed = true
  await workers
  expect(await first.exit).toBeNull() // killed by the signal, not exited
  expect(first.child.signalCode).toBe('SIGKILL')
  expect(stream.unexpected).toEqual([])
  expect(acked()).toBeGreaterThanOrEqual(killAfter)
  // mid-stream: moves were still to come
  expect(stream.moves.length + queue.length).toBeGreaterThan(acked())

  const second = await startServer(full)
  return { stream, world, second, api: new Client(second.url, second.url), tick: () => ++tick }
}

/** Whether a promise has settled (without waiting for it). */
const settledYet = (p: Promise<unknown>) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setImmediate(() => r(false)))])

/**
 * After the restart the shop works: the old sessions are good, the spare order is shipped and confirmed, its seller
 * is paid out. Answers each seller's earnings (pending + available, in cents) as GET /api/earnings shows them.
 */
export async function expectMovesWork(
  api: Client,
  world: World,
  stream: Stream,
  tick: () => number,
  running: Running,
): Promise<Map<string, number>> {
  expect(await api.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } })
  const o = world.spare
  const record = (m: Omit<Move, 'sent' | 'acked'>) => {
    const sent = tick()
    const move: Move = { ...m, sent, acked: tick() }
    stream.moves.push(move)
    return move
  }
  const ship = await api.post(`/api/orders/${o.id}/ship`, { carrier: 'Royal Mail', trackingNumber: 'RM1' }, o.seller)
  expect(ship.status, JSON.stringify(ship.body)).toBe(200)
  expect(ship.body.status).toBe('shipped')
  record({ kind: 'ship', orderId: o.id, sellerId: o.seller.id })
  const confirm = await api.post(`/api/orders/${o.id}/confirm`, {}, o.buyer)
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200)
  expect(confirm.body.status).toBe('completed')
  record({ kind: 'confirm', orderId: o.id, sellerId: o.seller.id })
  const paid = await api.post('/api/payouts', {}, o.seller)
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)
  expect(paid.body.amount).toBeGreaterThan(0)
  const payoutMove = record({ kind: 'payout', sellerId: o.seller.id, payoutId: paid.body._id })
  payoutMove.amountCents = Math.round(paid.body.amount * 100)

  const earnings = new Map<string, number>()
  for (const seller of world.sellers) {
    const res = await api.get('/api/earnings', seller)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.available).toBeGreaterThanOrEqual(0)
    earnings.set(seller.id, Math.round((res.body.pending + res.body.available) * 100))
  }
  expect(running.child.exitCode).toBeNull()
  return earnings
}

/**
 * The database after the crash, against what the clients were told: every acknowledged move is there (the order at or
 * past it, its timeline entry or audit line, its refund, its payout), each order's money balances, each seller's
 * ledger is what GET /api/earnings showed, no payout took more than was available, nothing is half-written.
 */
export async function expectLedgerIntact(query: Query, world: World, stream: Stream, earnings: Map<string, number>) {
  const rows = (
    await query(`
      select o.id::text as id, o.status, o.seller_id,
        (select coalesce(json_agg(json_build_object('status', e.status, 'actor', e.actor_role) order by e.seq), '[]')
          from order_event e where e.order_id = o.id) as events,
        (select coalesce(json_agg(json_build_object('action', a.action, 'detail', a.detail) order by a.created_at), '[]')
          from audit_log a where a.order_id = o.id) as audits,
        (select coalesce(json_agg(r.amount order by r.created_at), '[]') from refund r where r.order_id = o.id) as refunds,
        (select coalesce(sum(l.amount), 0)::int from ledger_entry l
          where l.order_id = o.id and l.account = o.seller_id) as seller_share
      from "order" o`)
  ).rows as {
    id: string
    status: string
    seller_id: string
    events: { status: string; actor: string }[]
    audits: { action: string; detail: { amountCents?: number; outcome?: string } }[]
    refunds: number[]
    seller_share: number
  }[]
  const byId = new Map(rows.map((r) => [r.id, r]))
  const acked = stream.moves.filter((m) => m.acked !== undefined)
  for (const m of acked.filter((x) => x.kind !== 'payout')) {
    const o = byId.get(m.orderId!)
    const context = `${m.kind} of ${JSON.stringify(o)}`
    expect(AT_OR_PAST[m.kind as OrderKind], context).toContain(o?.status)
    const event = (status: string, actor: string) => o!.events.some((e) => e.status === status && e.actor === actor)
    const audit = (action: string, f: (d: { amountCents?: number; outcome?: string }) => boolean = () => true) =>
      o!.audits.some((a) => a.action === action && f(a.detail))
    const evidence: Record<OrderKind, () => boolean> = {
      ship: () => event('shipped', 'seller'),
      confirm: () => event('completed', 'buyer'),
      dispute: () => event('disputed', 'buyer'),
      cancel: () => event('cancelled', 'seller'),
      adminCancel: () => event('cancelled', 'admin') && audit('cancel'),
      refund: () => event('refunded', 'admin') && audit('refund'),
      partialRefund: () =>
        audit('refund', (d) => d.amountCents === PARTIAL_REFUND_CENTS) && o!.refunds.includes(PARTIAL_REFUND_CENTS),
      resolveRelease: () => event('completed', 'admin') && audit('resolve', (d) => d.outcome === 'release'),
      resolvePartial: () =>
        event('completed', 'admin') &&
        audit('resolve', (d) => d.amountCents === PARTIAL_RESOLVE_CENTS) &&
        o!.refunds.includes(PARTIAL_RESOLVE_CENTS),
      resolveRefund: () => event('refunded', 'admin') && audit('resolve', (d) => d.outcome === 'refund'),
    }
    expect(evidence[m.kind as OrderKind](), context).toBe(true)
  }
  // one closing entry per order at most, and a closed order's state is the one its timeline closed it with
  for (const o of rows) {
    const closing = o.events.filter((e) => ['completed', 'cancelled', 'refunded'].includes(e.status))
    expect(closing.length, JSON.stringify(o)).toBeLessThanOrEqual(1)
    if (closing.length === 1) expect(closing[0]!.status, JSON.stringify(o)).toBe(o.status)
  }

  const payouts = (await query('select id::text as id, seller_id, amount from payout')).rows as {
    id: string
    seller_id: string
    amount: number
  }[]
  for (const m of acked.filter((x) => x.kind === 'payout')) {
    expect(payouts, JSON.stringify(m)).toContainEqual({ id: m.payoutId, seller_id: m.sellerId, amount: m.amountCents })
  }
  // no payout took more than was available: at most what orders closed by requests sent before its answer gave the
  // seller, less the payouts answered before it was asked for (an order's share does not change once it is closed)
  const closedBy = new Map<string, number>()
  for (const m of stream.moves) {
    if (CLOSING.includes(m.kind) && !closedBy.has(m.orderId!)) closedBy.set(m.orderId!, m.sent)
  }
  for (const p of acked.filter((x) => x.kind === 'payout')) {
    const earned = rows
      .filter(
        (o) => o.seller_id === p.sellerId && o.status === 'completed' && (closedBy.get(o.id) ?? Infinity) < p.acked!,
      )
      .reduce((s, o) => s + o.seller_share, 0)
    const paidBefore = acked
      .filter((x) => x.kind === 'payout' && x.sellerId === p.sellerId && x.acked! < p.sent)
      .reduce((s, x) => s + x.amountCents!, 0)
    expect(p.amountCents, JSON.stringify({ payout: p, earned, paidBefore })).toBeLessThanOrEqual(earned - paidBefore)
  }

  expect(await ledgerBroken(query)).toEqual([])
  const ledgers = await sellerLedgers(query)
  for (const seller of world.sellers) {
    const l = ledgers.find((x) => x.seller === seller.id)
    expect(l, seller.email).toBeDefined()
    expect(l!.total, seller.email).toBe(earnings.get(seller.id))
    expect(l!.available, seller.email).toBeGreaterThanOrEqual(0)
    expect(l!.payout_mismatch, seller.email).toBe(0)
  }
  expect(await halfWritten(query)).toEqual([])
  return { acked: acked.length, payouts: payouts.length, orders: rows.length }
}

/** What the stream did, for the test's output: acknowledged moves by kind, and how many were in flight at the kill. */
export function streamSummary(stream: Stream) {
  const acked: Record<string, number> = {}
  for (const m of stream.moves) if (m.acked !== undefined) acked[m.kind] = (acked[m.kind] ?? 0) + 1
  const refused = stream.moves.filter((m) => m.refused).length
  const inFlight = stream.moves.filter((m) => m.acked === undefined && !m.refused).length
  return `acknowledged ${JSON.stringify(acked)}; in flight at the kill ${inFlight}; payouts with nothing available ${refused}`
}
