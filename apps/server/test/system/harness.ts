import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server, Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { listingBody } from '../fixtures.ts'
import { multipart, pngPhoto } from '../upload.ts'

/** apps/server: where the real start command runs. */
export const serverDir = fileURLToPath(new URL('../..', import.meta.url))
export const SECRET = 'system-test-secret-system-test-secret-0123'
export const PASSWORD = 'Secret#123'
export const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '10001' }
/** A delivery address as the payment page sends it with the payment intent (docs/product/checkout.md#delivery-address). */
export const ADDRESS = {
  name: 'Bea Buyer',
  line1: '1 Rose Street',
  city: 'Leeds',
  postcode: 'LS1 4AB',
  country: 'GB',
  phone: '+44 113 496 0000',
}

export interface Running {
  child: ChildProcess
  url: string
  output: () => string
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>
  stop(): Promise<void>
}

/** A free TCP port on 127.0.0.1 (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

/**
 * The real start command (`node --import tsx src/server.ts`) as its own process, with only the given environment
 * (plus PATH/HOME). Resolves once it logs that it listens; rejects with its exit code and output if it stops first.
 */
export function startServer(env: Record<string, string>, onOutput?: (chunk: string) => void): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const take = (c: Buffer) => {
    out += c.toString()
    onOutput?.(c.toString())
  }
  child.stdout!.on('data', take)
  child.stderr!.on('data', take)
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exit
  }
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) {
        clearInterval(timer)
        resolve({ child, url: m[1]!, output: () => out, exit, stop })
      }
    }, 50)
    void exit.then((code) => {
      clearInterval(timer)
      reject(Object.assign(new Error(`server exited with ${code}: ${out}`), { code, out }))
    })
  })
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the tests, which assert on them
type Json = any

/** A pg Pool or Client (two copies of @types/pg are installed, so only the part we use is named). */
export interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: Json[]; rowCount: number | null }>
}

export interface Answer<T = Json> {
  status: number
  body: T
  headers: Headers
}

export interface Session {
  id: string
  email: string
  cookie: string
  token: string
  bearer: { authorization: string }
}

/** A client of one running instance over real HTTP; `origin` is what a browser on PUBLIC_URL would send. */
export class Client {
  constructor(
    readonly base: string,
    readonly origin: string,
  ) {}

  async call<T = Json>(
    method: string,
    path: string,
    opts: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { origin: this.origin, ...opts.headers }
    let body: string | Uint8Array | undefined
    if (Buffer.isBuffer(opts.body)) body = opts.body
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] = 'application/json'
    }
    const res = await fetch(this.base + path, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers }
  }

  post = <T = Json>(path: string, body: unknown, s?: Session) =>
    this.call<T>('POST', path, { body, headers: s?.bearer })
  get = <T = Json>(path: string, s?: Session) => this.call<T>('GET', path, { headers: s?.bearer })

  /** Sign up through better-auth, fetch the original token with the cookie, record the role. */
  async signUp(email: string, role?: 'customer' | 'seller'): Promise<Session> {
    const name = email.split('@')[0]!
    const res = await this.call('POST', '/api/auth/sign-up/email', { body: { name, email, password: PASSWORD } })
    if (res.status !== 200) throw new Error(`sign-up ${email}: ${res.status} ${JSON.stringify(res.body)}`)
    const session = await this.session(email, cookieOf(res.headers), res.body.user.id)
    if (role) {
      const recorded = await this.post('/api/users', { name, email, role }, session)
      if (recorded.status !== 200)
        throw new Error(`record ${email}: ${recorded.status} ${JSON.stringify(recorded.body)}`)
    }
    return session
  }

  async signIn(email: string): Promise<Session> {
    const res = await this.call('POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } })
    if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${JSON.stringify(res.body)}`)
    return this.session(email, cookieOf(res.headers), res.body.user.id)
  }

  /** GET /api/jwt with the session cookie: the bearer token the web app uses. */
  async session(email: string, cookie: string, id: string): Promise<Session> {
    const jwt = await this.call('GET', `/api/jwt?email=${encodeURIComponent(email)}`, { headers: { cookie } })
    if (jwt.status !== 200) throw new Error(`jwt ${email}: ${jwt.status} ${JSON.stringify(jwt.body)}`)
    const token = jwt.body.accessToken as string
    return { id, email, cookie, token, bearer: { authorization: `Bearer ${token}` } }
  }

  /** One photo uploaded by the seller (a plain square of `colour`); its URLs can back any number of listings. */
  async uploadPhoto(seller: Session, colour = '#a0522d'): Promise<Answer> {
    const { payload, headers } = multipart(await pngPhoto(colour))
    return this.call('POST', '/api/images', { body: payload, headers: { ...seller.bearer, ...headers } })
  }

  /** A listing by the seller through POST /api/categoryDetails, with an uploaded photo URL. */
  async addBag(seller: Session, img: string, title: string, price = 120): Promise<string> {
    const body = listingBody(img, { title, original_price: price * 2, resell_price: price })
    const res = await this.post('/api/categoryDetails', body, seller)
    if (res.status !== 200) throw new Error(`add bag: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.insertedId as string
  }

  book = (s: Session, productId: string) =>
    this.post('/api/bookings', { product_id: productId, number: '+1 555 0100', location: 'Lisbon' }, s)

  /** create-payment-intent (with the delivery address when given) then the test processor's confirm: the browser's charge. */
  async charge(s: Session, bookingId: string, address?: typeof ADDRESS): Promise<{ intent: Answer; confirm?: Answer }> {
    const intent = await this.post('/api/create-payment-intent', address ? { bookingId, address } : { bookingId }, s)
    if (intent.status !== 200) return { intent }
    const confirm = await this.post(
      '/api/test-processor/confirm',
      { clientSecret: intent.body.clientSecret, card: CARD, billing: { name: 'B', email: s.email } },
      s,
    )
    return { intent, confirm }
  }

  recordPayment = (s: Session, bookingId: string, transactionId: string) =>
    this.post('/api/payments', { bookingId, transactionId }, s)

  /**
   * A paid order through the real calls (book, payment intent with the address, test card, POST /api/payments);
   * throws naming the call that did not answer 200. The order's id is its booking's.
   */
  async buy(s: Session, productId: string, address = ADDRESS): Promise<{ orderId: string; transactionId: string }> {
    const booking = await this.book(s, productId)
    if (booking.status !== 200) throw new Error(`book ${productId}: ${booking.status} ${JSON.stringify(booking.body)}`)
    const orderId = booking.body.insertedId as string
    const { intent, confirm } = await this.charge(s, orderId, address)
    if (confirm?.status !== 200) {
      const failed = confirm ?? intent
      throw new Error(`charge ${orderId}: ${failed.status} ${JSON.stringify(failed.body)}`)
    }
    const transactionId = confirm.body.transactionId as string
    const paid = await this.recordPayment(s, orderId, transactionId)
    if (paid.status !== 200) throw new Error(`payment ${orderId}: ${paid.status} ${JSON.stringify(paid.body)}`)
    return { orderId, transactionId }
  }

  /**
   * The first admin, as an operator makes one (README "Accounts and sign-in"): the server runs with ADMIN_EMAIL=email,
   * the account signs up, the setup link the server prints (no SMTP: the console carries it) confirms it, and the
   * password is chosen on the page it leads to. Answers the admin's session.
   */
  async signUpAdmin(email: string, server: Running): Promise<Session> {
    await this.signUp(email)
    let link: URL | undefined
    await eventually(
      async () => {
        link = setupLinkIn(server.output(), email)
        return link !== undefined
      },
      50,
      100,
    )
    if (!link) throw new Error(`no setup link for ${email} on the console:\n${server.output()}`)
    const verify = await fetch(this.base + link.pathname + link.search, { redirect: 'manual' })
    const next = new URL(verify.headers.get('location') ?? '/', this.base)
    const token = next.searchParams.get('token')
    if (verify.status !== 302 || !token || next.searchParams.has('error')) {
      throw new Error(`setup link of ${email}: ${verify.status} ${next}`)
    }
    const reset = await this.call('POST', '/api/auth/reset-password', { body: { newPassword: PASSWORD, token } })
    if (reset.status !== 200) throw new Error(`admin password: ${reset.status} ${JSON.stringify(reset.body)}`)
    return this.signIn(email)
  }
}

/** The last setup link the server printed for `email` (SETUP_LINK_LOG's line), if any. */
function setupLinkIn(output: string, email: string): URL | undefined {
  const lines = output.split('\n').filter((l) => l.includes('First-run setup link') && l.includes(email))
  const link = lines.length ? /http:\/\/[^\s"]+\/api\/auth\/verify-email\?[^\s"]+/.exec(lines.at(-1)!)?.[0] : undefined
  return link ? new URL(link) : undefined
}

/** The Cookie header for the cookies a response set. */
export function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ')
}

/**
 * Sets up a seller with one uploaded photo and `n` listings; returns the seller and the product ids. Sellers set up at
 * once through one process get photos of their own `colour`: the same photo uploaded twice in the same millisecond by
 * one process can be refused (LocalImageStore.put names its temporary file by process id and time only).
 */
export async function sellerWithBags(api: Client, email: string, n: number, colour?: string) {
  const seller = await api.signUp(email, 'seller')
  const photo = await api.uploadPhoto(seller, colour)
  if (photo.status !== 200) throw new Error(`upload: ${photo.status} ${JSON.stringify(photo.body)}`)
  const ids: string[] = []
  for (let i = 0; i < n; i++) ids.push(await api.addBag(seller, photo.body.data.url, `System bag ${i + 1}`))
  return { seller, ids }
}

/**
 * Checks the money invariants on a database: no payment without its booking paid and its bag sold (unless the
 * payment was refunded in full: its booking is then cancelled), no booking paid and no bag sold without a payment,
 * no payment without its order (written in the payment's transaction). Returns the broken rows (empty when
 * the data is whole).
 */
export async function halfWritten(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<unknown[]> {
  const broken = await query(`
    select 'payment without paid booking or sold bag' as problem, p.id::text as id
      from payment p join booking b on b.id = p.booking_id join product pr on pr.id = p.product_id
      where p.refunded_at is null and (b.status <> 'paid' or pr.status <> 'sold' or b.product_id <> p.product_id)
    union all
    select 'refunded payment with its booking still paid', p.id::text
      from payment p join booking b on b.id = p.booking_id
      where p.refunded_at is not null and b.status = 'paid'
    union all
    select 'paid booking without payment', b.id::text from booking b
      where b.status = 'paid' and not exists (select 1 from payment p where p.booking_id = b.id)
    union all
    select 'sold bag without payment', pr.id::text from product pr
      where pr.status = 'sold' and not exists (select 1 from payment p where p.product_id = pr.id)
    union all
    select 'two live bookings for one bag', product_id::text from booking
      where status in ('held', 'paid') group by product_id having count(*) > 1
    union all
    select 'payment without its order', p.id::text from payment p
      where not exists (select 1 from "order" o where o.payment_id = p.id)`)
  return broken.rows
}

/**
 * The money invariant of docs/money.md#the-invariants for every order, in SQL (the API tests' expectBalanced, for a database a process
 * wrote): buyer paid = refunds + seller's share + commission − discount cost; the order's ledger entries sum to paid −
 * refunded; they belong to its seller or the shop; the seller's share is never negative; the test processor gave
 * back exactly the order's refunds; a cancelled or refunded order was refunded in full. Returns the broken orders.
 */
export async function ledgerBroken(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<unknown[]> {
  const broken = await query(`
    select * from (
      select id, status, paid, refunded, seller_share, commission, discount_cost, entries, processor_refunded,
        case
          when paid <> refunded + seller_share + commission - discount_cost
            then 'paid <> refunds + seller share + commission - discount cost'
          when entries <> paid - refunded then 'entries do not sum to paid - refunded'
          when strangers > 0 then 'an entry of another account'
          when seller_share < 0 then 'negative seller share'
          when processor_refunded is not null and processor_refunded <> refunded
            then 'the processor gave back another amount'
          when status in ('cancelled', 'refunded') and refunded <> paid then 'closed without a full refund'
        end as problem
      from (
        select o.id::text as id, o.status, o.amount_paid as paid,
          (select coalesce(sum(r.amount), 0) from refund r where r.order_id = o.id)::int as refunded,
          (select coalesce(sum(l.amount), 0) from ledger_entry l
            where l.order_id = o.id and l.account = o.seller_id)::int as seller_share,
          (select coalesce(sum(l.amount), 0) from ledger_entry l
            where l.order_id = o.id and l.account = 'shop' and l.kind = 'commission')::int as commission,
          (select coalesce(-sum(l.amount), 0) from ledger_entry l
            where l.order_id = o.id and l.account = 'shop' and l.kind = 'discount_cost')::int as discount_cost,
          (select coalesce(sum(l.amount), 0) from ledger_entry l where l.order_id = o.id)::int as entries,
          (select count(*) from ledger_entry l
            where l.order_id = o.id and l.account <> o.seller_id and l.account <> 'shop')::int as strangers,
          (select c.refunded from payment p join test_charge c on c.id = p.transaction_id
            where p.id = o.payment_id) as processor_refunded
        from "order" o
      ) money
    ) checked
    where problem is not null`)
  return broken.rows
}

/**
 * Each seller's money from the ledger alone (docs/product/orders.md#earnings): `total` is every entry of the account
 * (what pending + available must show), `available` the entries of closed orders and the payouts, `payouts` what was
 * paid out, and `payoutMismatch` the payouts whose ledger entry is not minus their amount.
 */
export async function sellerLedgers(query: (sql: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = await query(`
    select u.id as seller,
      (select coalesce(sum(l.amount), 0) from ledger_entry l where l.account = u.id)::int as total,
      (select coalesce(sum(l.amount), 0) from ledger_entry l left join "order" o on o.id = l.order_id
        where l.account = u.id and (o.id is null or (o.status not in ('paid', 'shipped', 'disputed')
          and (o.chargeback_at is null or o.chargeback_closed_at is not null))))::int as available,
      (select coalesce(sum(p.amount), 0) from payout p where p.seller_id = u.id)::int as payouts,
      (select count(*) from payout p where p.seller_id = u.id and p.status <> 'failed' and -p.amount <> coalesce(
        (select sum(l.amount) from ledger_entry l where l.payout_id = p.id and l.kind = 'payout'), 0))::int
        as payout_mismatch
    from "user" u where u.role = 'seller' order by u.email`)
  return rows as { seller: string; total: number; available: number; payouts: number; payout_mismatch: number }[]
}

/**
 * The deadline moves a process logged ("order deadlines applied": the sweeper's counts, and one line per move a read or
 * another move made), from its JSON log lines.
 */
export function deadlineMovesLogged(output: string) {
  const moves = { sweeper: { cancelled: 0, completed: 0 }, read: { cancelled: 0, completed: 0 } }
  for (const line of output.split('\n')) {
    if (!line.includes('order deadlines applied')) continue
    const entry = JSON.parse(line) as { msg: string; on?: string; cancelled?: number; completed?: number }
    if (entry.msg !== 'order deadlines applied') continue
    const by = entry.on ? moves.read : moves.sweeper
    by.cancelled += entry.cancelled ?? 0
    by.completed += entry.completed ?? 0
  }
  return moves
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target`: `cut()` closes every connection and stops accepting (as if the
 * database host went away), `restore()` accepts again on the same port.
 */
export class TcpProxy {
  private server: Server | undefined
  private sockets = new Set<Socket>()
  port = 0

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = createServer((client) => {
      const upstream = new Socket()
      this.sockets.add(client)
      this.sockets.add(upstream)
      const drop = () => {
        client.destroy()
        upstream.destroy()
        this.sockets.delete(client)
        this.sockets.delete(upstream)
      }
      client.on('error', drop)
      upstream.on('error', drop)
      client.on('close', drop)
      upstream.on('close', drop)
      upstream.connect(this.targetPort, this.targetHost, () => {
        client.pipe(upstream)
        upstream.pipe(client)
      })
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.port = (server.address() as { port: number }).port
    return this.port
  }

  async cut(): Promise<void> {
    const server = this.server
    this.server = undefined
    for (const s of this.sockets) s.destroy()
    this.sockets.clear()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  restore = () => this.start(this.port)
}

/** Polls `fn` until it returns true, every `everyMs`, at most `tries` times. */
export async function eventually(fn: () => Promise<boolean>, tries = 100, everyMs = 200): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await fn().catch(() => false)) return true
    await new Promise((r) => setTimeout(r, everyMs))
  }
  return false
}

export interface PairOptions {
  databaseUrl: string
  /** Shared by both: the photos live under DATA_DIR/uploads (or use S3_* settings instead). */
  dataDir: string
  /** Where the balancer in front of both is reached. */
  publicUrl: string
  ports: [number, number]
  secret?: string
  redisUrl?: string
  rateLimitFactor?: string
  extra?: Record<string, string>
  onOutput?: (name: 'a' | 'b', chunk: string) => void
}

/** The environment of one of two instances behind one balancer (the README's "Operating" page lists it). */
export function instanceEnv(o: PairOptions, port: number): Record<string, string> {
  return {
    DATABASE_URL: o.databaseUrl,
    AUTH_SECRET: o.secret ?? SECRET,
    PUBLIC_URL: o.publicUrl,
    DATA_DIR: o.dataDir,
    PORT: String(port),
    ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}),
    ...(o.rateLimitFactor ? { RATE_LIMIT_FACTOR: o.rateLimitFactor } : {}),
    ...o.extra,
  }
}

/** Two instances started at once on one fresh database (the migrations run once, under a lock). */
export async function startPair(o: PairOptions): Promise<[Running, Running]> {
  const [a, b] = await Promise.allSettled([
    startServer(instanceEnv(o, o.ports[0]), (c) => o.onOutput?.('a', c)),
    startServer(instanceEnv(o, o.ports[1]), (c) => o.onOutput?.('b', c)),
  ])
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value]
  if (a.status === 'fulfilled') await a.value.stop()
  if (b.status === 'fulfilled') await b.value.stop()
  throw (a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason) as Error
}
