import { ORDER_PERSON_MOVES, ORDER_PROCESS, type OrderPersonMove } from '@preloved/shared/order-process'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  conversations,
  messageReports,
  orders,
  posts,
  reports,
  riskFlags,
  savedAddresses,
  savedSearches,
  users,
  wishlists,
} from '../src/db/schema/index.ts'
import { signUnsubscribeToken, unsubscribeKey } from '../src/modules/mail/unsubscribe-token.ts'
import { ADMIN_EMAIL, ORIGIN, type Session, signUp } from './auth-helpers.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { insertProduct, insertUser, listingBody } from './fixtures.ts'
import { ADDRESS, paidOrder } from './order-fixtures.ts'
import { multipart, pngPhoto, uploadPhoto } from './upload.ts'

/**
 * The authorization matrix: every /api route × anonymous, customer, seller, verified seller and admin, with the
 * exact status each gets. "self" requests use the caller's own email; "other" the email of someone else.
 * A route missing here fails the coverage test, so every new route must take its place in the matrix.
 */
type Who = 'anonymous' | 'customer' | 'seller' | 'verifiedSeller' | 'admin'
const WHO: Who[] = ['anonymous', 'customer', 'seller', 'verifiedSeller', 'admin']

interface Ctx {
  s: Record<Exclude<Who, 'anonymous'>, Session>
  productId: string
  /** A fresh listing of the (unverified) seller, for destructive cases. */
  newProduct(): Promise<string>
  /** A fresh account, for destructive cases. */
  newUser(role: 'customer' | 'seller'): Promise<string>
  img: string
  /** A booking of the customer. */
  bookingId: string
  /** A fresh wishlist entry of the customer. */
  newWish(): Promise<string>
  /** A fresh payment intent (client secret) of the customer's booking. */
  newIntent(): Promise<string>
  /** A fresh listing with an open report; returns the listing's id. */
  newReport(): Promise<string>
  /** A fresh saved address of that account (the customer's for anonymous). */
  newAddress(who: Who): Promise<string>
  /** A fresh order of the customer buying from the (unverified) seller, moved to `state`. */
  newOrder(state?: 'paid' | 'shipped' | 'disputed'): Promise<string>
  /** A fresh blog post, published or a draft. */
  newPost(published: boolean): Promise<{ id: string; slug: string }>
  /** A fresh offer of the customer on a bag of the (unverified) seller, pending or countered. */
  newOffer(state?: 'pending' | 'countered'): Promise<string>
}

interface Req {
  url: string
  payload?: object | string | Buffer
  headers?: Record<string, string>
}

interface Case {
  route: string // "METHOD /api/url-pattern" as Fastify registered it
  name?: string
  request: (ctx: Ctx, who: Who) => Req | Promise<Req>
  expect: Record<Who, number>
}

const sellerOnly: Record<Who, number> = { anonymous: 401, customer: 403, seller: 200, verifiedSeller: 200, admin: 403 }
const adminOnly: Record<Who, number> = { anonymous: 401, customer: 403, seller: 403, verifiedSeller: 403, admin: 200 }
const ownerOnly: Record<Who, number> = { anonymous: 401, customer: 403, seller: 200, verifiedSeller: 403, admin: 403 }

let pngBytes = Buffer.alloc(0)
let flags = 0

const productBody = (img: string) =>
  listingBody(img, { title: 'Matrix Tote', resell_price: 120.5, description: 'A tote for the matrix.' })

const all = (status: number): Record<Who, number> => ({
  anonymous: status,
  customer: status,
  seller: status,
  verifiedSeller: status,
  admin: status,
})
const signedIn = (status: number): Record<Who, number> => ({ ...all(status), anonymous: 401 })
const emailOf = (ctx: Ctx, who: Who) => (who === 'anonymous' ? 'nobody@example.test' : ctx.s[who].email)

const cases: Case[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: all(200) },
  { route: 'GET /api/config', request: () => ({ url: '/api/config' }), expect: all(200) },
  { route: 'GET /api/categories', request: () => ({ url: '/api/categories' }), expect: all(200) },
  { route: 'GET /api/categoryDetails', request: () => ({ url: '/api/categoryDetails' }), expect: all(200) },
  { route: 'GET /api/categoryDetails/:slug', request: () => ({ url: '/api/categoryDetails/Tote' }), expect: all(200) },
  { route: 'GET /api/search', request: () => ({ url: '/api/search?q=bag&colour=black' }), expect: all(200) },
  { route: 'GET /api/products/:id', request: (c) => ({ url: `/api/products/${c.productId}` }), expect: all(200) },
  { route: 'GET /api/brands', request: () => ({ url: '/api/brands' }), expect: all(200) },
  {
    route: 'POST /api/brands',
    request: () => ({ url: '/api/brands', payload: { name: `Matrix ${Math.random().toString(36).slice(2)}` } }),
    expect: adminOnly,
  },
  { route: 'GET /api/sellers/:id', request: (c) => ({ url: `/api/sellers/${c.s.seller.id}` }), expect: all(200) },
  { route: 'GET /api/me', request: () => ({ url: '/api/me' }), expect: signedIn(200) },
  // live updates: the polling answer here; the stream itself is tested over HTTP in modules/live
  { route: 'GET /api/events', request: () => ({ url: '/api/events?poll=1' }), expect: signedIn(200) },
  { route: 'GET /api/outbox', request: () => ({ url: '/api/outbox' }), expect: { ...signedIn(403), admin: 200 } },
  {
    route: 'POST /api/users',
    name: 'own profile',
    request: (c, w) => ({
      url: '/api/users',
      payload: { name: 'Same', email: emailOf(c, w), role: w === 'customer' ? 'customer' : 'seller' },
    }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/users',
    name: "someone else's profile",
    request: (c) => ({ url: '/api/users', payload: { name: 'Evil', email: c.s.customer.email, role: 'customer' } }),
    expect: { ...signedIn(403), customer: 200 },
  },
  ...(['admin', 'seller'] as const).map(
    (kind): Case => ({
      route: `GET /api/users/${kind}/:email`,
      name: 'own email',
      request: (c, w) => ({ url: `/api/users/${kind}/${emailOf(c, w)}` }),
      expect: signedIn(200),
    }),
  ),
  ...(['admin', 'seller'] as const).map(
    (kind): Case => ({
      route: `GET /api/users/${kind}/:email`,
      name: "another's email",
      request: (c) => ({ url: `/api/users/${kind}/${c.s.verifiedSeller.email}` }),
      expect: { ...signedIn(403), verifiedSeller: 200, admin: 200 },
    }),
  ),
  {
    route: 'GET /api/seller/verified/:email',
    name: 'own email',
    request: (c, w) => ({ url: `/api/seller/verified/${emailOf(c, w)}` }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/seller/verified/:email',
    name: "another's email",
    request: (c) => ({ url: `/api/seller/verified/${c.s.seller.email}` }),
    expect: { ...signedIn(403), seller: 200, admin: 200 },
  },
  {
    route: 'POST /api/images',
    request: () => ({ url: '/api/images', ...multipart(pngBytes) }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/categoryDetails',
    request: (c) => ({ url: '/api/categoryDetails', payload: productBody(c.img) }),
    expect: sellerOnly,
  },
  {
    route: 'GET /api/categoryDetails',
    name: 'own listings by ?email=',
    request: (c, w) => ({ url: `/api/categoryDetails?email=${emailOf(c, w)}` }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/categoryDetails',
    name: "a seller's listings by ?email=",
    request: (c) => ({ url: `/api/categoryDetails?email=${c.s.seller.email}` }),
    expect: { anonymous: 401, customer: 403, seller: 200, verifiedSeller: 403, admin: 200 },
  },
  {
    route: 'PUT /api/users/seller/:id',
    request: (c) => ({ url: `/api/users/seller/${c.productId}` }),
    expect: ownerOnly,
  },
  {
    route: 'PATCH /api/categoryDetails/:id',
    request: async (c) => ({ url: `/api/categoryDetails/${await c.newProduct()}`, payload: { resell_price: 99.5 } }),
    expect: { ...ownerOnly, admin: 200 },
  },
  {
    route: 'DELETE /api/categoryDetails/:id',
    request: async (c) => ({ url: `/api/categoryDetails/${await c.newProduct()}` }),
    expect: { ...ownerOnly, admin: 200 },
  },
  { route: 'GET /api/users', request: () => ({ url: '/api/users?role=seller' }), expect: adminOnly },
  {
    route: 'PUT /api/users/admin/:id',
    request: async (c) => ({ url: `/api/users/admin/${await c.newUser('seller')}` }),
    expect: adminOnly,
  },
  {
    route: 'PUT /api/users/:id/unverify',
    request: async (c) => {
      const id = await c.newUser('seller')
      await t.database.db.update(users).set({ verified: true }).where(eq(users.id, id))
      return { url: `/api/users/${id}/unverify`, payload: { reason: 'Reported twice as counterfeit.' } }
    },
    expect: adminOnly,
  },
  {
    route: 'GET /api/users/:id/summary',
    request: (c) => ({ url: `/api/users/${c.s.seller.id}/summary` }),
    expect: adminOnly,
  },
  {
    route: 'DELETE /api/users/:id',
    request: async (c) => ({ url: `/api/users/${await c.newUser('customer')}` }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/bookings',
    request: async (c) => ({
      url: '/api/bookings',
      payload: { product_id: await c.newProduct(), number: '+1 555 0100', location: 'Lisbon' },
    }),
    expect: { anonymous: 401, customer: 200, seller: 403, verifiedSeller: 200, admin: 200 },
  },
  {
    route: 'GET /api/bookings',
    name: 'own',
    request: (c, w) => ({ url: `/api/bookings?email=${emailOf(c, w)}` }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/bookings',
    name: "a customer's",
    request: (c) => ({ url: `/api/bookings?email=${c.s.customer.email}` }),
    expect: { ...signedIn(403), customer: 200, admin: 200 },
  },
  {
    route: 'GET /api/bookings/:id',
    request: (c) => ({ url: `/api/bookings/${c.bookingId}` }),
    expect: { ...signedIn(403), customer: 200, admin: 200 },
  },
  {
    // what Book Now gives on a bag right now (docs/decisions/034): public, like the listing it is shown on
    route: 'GET /api/booking-terms/:productId',
    request: (c) => ({ url: `/api/booking-terms/${c.productId}` }),
    expect: all(200),
  },
  {
    route: 'POST /api/wishlists',
    request: (c) => ({ url: '/api/wishlists', payload: { product_id: c.productId } }),
    // the seller here owns the bag: their own listing is refused; another seller's is not (bookings.test)
    expect: { ...signedIn(200), seller: 403 },
  },
  {
    route: 'GET /api/wishlists',
    request: (c, w) => ({ url: `/api/wishlists?email=${emailOf(c, w)}` }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/wishlists/:id',
    request: async (c) => ({ url: `/api/wishlists/${await c.newWish()}` }),
    expect: { ...signedIn(403), customer: 200 },
  },
  { route: 'GET /api/addresses', request: () => ({ url: '/api/addresses' }), expect: signedIn(200) },
  {
    route: 'POST /api/addresses',
    request: () => ({ url: '/api/addresses', payload: ADDRESS }),
    expect: signedIn(201),
  },
  {
    route: 'PUT /api/addresses/:id',
    name: 'own address',
    request: async (c, w) => ({
      url: `/api/addresses/${await c.newAddress(w)}`,
      payload: { ...ADDRESS, isDefault: true },
    }),
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/addresses/:id',
    name: "someone else's address",
    request: async (c, w) => ({
      url: `/api/addresses/${await c.newAddress(w === 'customer' ? 'seller' : 'customer')}`,
      payload: ADDRESS,
    }),
    expect: signedIn(404),
  },
  {
    route: 'DELETE /api/addresses/:id',
    name: 'own address',
    request: async (c, w) => ({ url: `/api/addresses/${await c.newAddress(w)}` }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/addresses/:id',
    name: "someone else's address",
    request: async (c, w) => ({
      url: `/api/addresses/${await c.newAddress(w === 'customer' ? 'seller' : 'customer')}`,
    }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/create-payment-intent',
    name: 'with a delivery address',
    request: (c) => ({ url: '/api/create-payment-intent', payload: { bookingId: c.bookingId, address: ADDRESS } }),
    expect: { ...signedIn(403), customer: 200 },
  },
  {
    route: 'POST /api/create-payment-intent',
    request: (c) => ({ url: '/api/create-payment-intent', payload: { bookingId: c.bookingId } }),
    expect: { ...signedIn(403), customer: 200 },
  },
  {
    route: 'POST /api/test-processor/confirm',
    request: async (c) => ({
      url: '/api/test-processor/confirm',
      payload: {
        clientSecret: await c.newIntent(),
        card: { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123', zip: '10001' },
      },
    }),
    // the card is a declined test card: the customer reaches the processor (402), others are refused
    expect: { ...signedIn(403), customer: 402 },
  },
  {
    route: 'POST /api/payments',
    request: (c) => ({ url: '/api/payments', payload: { transactionId: 'tx_test_unknown', bookingId: c.bookingId } }),
    expect: { ...signedIn(403), customer: 402 },
  },
  {
    route: 'GET /api/product/paid/:id',
    request: (c) => ({ url: `/api/product/paid/${c.productId}}` }),
    expect: all(200),
  },
  {
    // public, like Stripe's servers that call it; without Stripe keys there is nothing to receive (404)
    route: 'POST /api/stripe/webhook',
    request: () => ({
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    }),
    expect: all(404),
  },
  { route: 'GET /api/bookingPaid', request: () => ({ url: '/api/bookingPaid' }), expect: signedIn(200) },
  {
    route: 'POST /api/reports',
    request: async (c) => ({
      url: '/api/reports',
      payload: { product_id: await c.newProduct(), reason: 'counterfeit' },
    }),
    // the seller here owns the bag: their own listing is refused; others may report it (reports.test)
    expect: { ...signedIn(200), seller: 403 },
  },
  { route: 'GET /api/reports', request: () => ({ url: '/api/reports' }), expect: adminOnly },
  {
    route: 'PATCH /api/reports/:productId',
    request: async (c) => ({ url: `/api/reports/${await c.newReport()}`, payload: { action: 'dismiss' } }),
    expect: adminOnly,
  },
  {
    route: 'PATCH /api/reports/:productId',
    name: 'remove with a reason',
    request: async (c) => ({
      url: `/api/reports/${await c.newReport()}`,
      payload: { action: 'remove', reason: 'Counterfeit.' },
    }),
    expect: adminOnly,
  },
  { route: 'GET /api/dashboard/summary', request: () => ({ url: '/api/dashboard/summary' }), expect: signedIn(200) },
  { route: 'GET /api/posts', request: () => ({ url: '/api/posts' }), expect: all(200) },
  { route: 'GET /api/posts/all', request: () => ({ url: '/api/posts/all' }), expect: adminOnly },
  {
    route: 'GET /api/posts/:slug',
    name: 'published',
    request: async (c) => ({ url: `/api/posts/${(await c.newPost(true)).slug}` }),
    expect: all(200),
  },
  {
    route: 'GET /api/posts/:slug',
    name: 'draft',
    request: async (c) => ({ url: `/api/posts/${(await c.newPost(false)).slug}` }),
    expect: { ...all(404), admin: 200 },
  },
  {
    route: 'POST /api/posts',
    request: () => ({
      url: '/api/posts',
      payload: { title: `Matrix post ${Math.random()}`, body: 'Hi', published: false },
    }),
    expect: { ...adminOnly, admin: 201 },
  },
  {
    route: 'PUT /api/posts/:id',
    request: async (c) => {
      const post = await c.newPost(false)
      return {
        url: `/api/posts/${post.id}`,
        payload: { title: 'Changed', slug: post.slug, body: 'Hi', published: true },
      }
    },
    expect: adminOnly,
  },
  {
    route: 'DELETE /api/posts/:id',
    request: async (c) => ({ url: `/api/posts/${(await c.newPost(true)).id}` }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/posts/images',
    request: () => ({ url: '/api/posts/images', ...multipart(pngBytes) }),
    expect: adminOnly,
  },
  { route: 'GET /api/settings', request: () => ({ url: '/api/settings' }), expect: all(200) },
  {
    route: 'PUT /api/settings',
    request: () => ({
      url: '/api/settings',
      payload: { blogTagline: 'Matrix tagline', facebook: null, instagram: '', x: null, pinterest: null },
    }),
    expect: adminOnly,
  },
]

/** The order's parties: its buyer (customer) and seller; the verified seller is a stranger to it (404). */
const orderParties = (ok: Partial<Record<Who, number>>): Record<Who, number> => ({
  anonymous: 401,
  customer: 403,
  seller: 403,
  verifiedSeller: 404,
  admin: 403,
  ...ok,
})
const NO_ORDER = '00000000-0000-4000-8000-000000000000'
/** Where each move is tried (a state it is made from) and a valid body for it. */
const ORDER_MOVE_CASES: Record<OrderPersonMove, { state: 'paid' | 'shipped' | 'disputed'; payload?: object }> = {
  ship: { state: 'paid', payload: { carrier: 'UPS', trackingNumber: '1Z' } },
  confirm: { state: 'shipped' },
  dispute: { state: 'shipped', payload: { reason: 'damaged', note: 'Torn lining' } },
  answer: { state: 'disputed', payload: { note: 'It left intact' } },
  cancel: { state: 'paid', payload: { reason: 'Cannot ship' } },
  resolve: { state: 'disputed', payload: { outcome: 'release', reason: 'Photos show no damage' } },
  refund: { state: 'paid', payload: { reason: 'Goodwill' } },
  address: { state: 'paid', payload: ADDRESS },
}
/** Who the table lets make a move, as the matrix's people: the order's buyer is a customer here. */
const MATRIX_PEOPLE: Record<'buyer' | 'seller' | 'admin', Who> = { buyer: 'customer', seller: 'seller', admin: 'admin' }
const orderMove = (move: OrderPersonMove): Case => {
  const { method, path } = ORDER_PROCESS[move].route
  const { state, payload } = ORDER_MOVE_CASES[move]
  const ok = Object.fromEntries(ORDER_PROCESS[move].actors.map((a) => [MATRIX_PEOPLE[a], 200])) as Partial<
    Record<Who, number>
  >
  return {
    route: `${method} /api/orders/:id/${path}`,
    request: async (c, w) => ({
      url: `/api/orders/${w === 'anonymous' ? NO_ORDER : await c.newOrder(state)}/${path}`,
      ...(payload ? { payload } : {}),
    }),
    expect: orderParties(ok),
  }
}
cases.push(
  { route: 'GET /api/orders', request: () => ({ url: '/api/orders?role=seller' }), expect: signedIn(200) },
  {
    route: 'GET /api/orders/:id',
    request: async (c, w) => ({ url: `/api/orders/${w === 'anonymous' ? NO_ORDER : await c.newOrder()}` }),
    expect: orderParties({ customer: 200, seller: 200, admin: 200 }),
  },
  ...ORDER_PERSON_MOVES.map(orderMove),
  {
    route: 'GET /api/admin/orders',
    request: (c) => ({ url: `/api/admin/orders?q=${c.s.customer.email}` }),
    expect: adminOnly,
  },
  { route: 'GET /api/admin/disputes', request: () => ({ url: '/api/admin/disputes' }), expect: adminOnly },
  // the admin's flags: a fresh open flag for each caller, so the admin's decision is a 200
  { route: 'GET /api/admin/flags', request: () => ({ url: '/api/admin/flags' }), expect: adminOnly },
  {
    route: 'POST /api/admin/flags/:id/resolve',
    request: async (c) => {
      const [flag] = await t.database.db
        .insert(riskFlags)
        .values({
          kind: 'linked_accounts',
          key: `matrix-${++flags}`,
          userIds: [c.s.customer.id, c.s.seller.id],
          reason: 'x',
        })
        .returning({ id: riskFlags.id })
      return { url: `/api/admin/flags/${flag!.id}/resolve`, payload: { outcome: 'dismissed' } }
    },
    expect: adminOnly,
  },
)

// money: earnings, payout accounts, payouts and the admin's end of a card chargeback
cases.push(
  {
    route: 'GET /api/earnings',
    name: 'own',
    request: () => ({ url: '/api/earnings' }),
    // an admin names the seller (400 without sellerId)
    expect: { anonymous: 401, customer: 403, seller: 200, verifiedSeller: 200, admin: 400 },
  },
  {
    route: 'GET /api/earnings',
    name: "a seller's, by sellerId",
    request: (c) => ({ url: `/api/earnings?sellerId=${c.s.seller.id}` }),
    expect: { anonymous: 401, customer: 403, seller: 200, verifiedSeller: 403, admin: 200 },
  },
  {
    route: 'POST /api/payout-account',
    request: () => ({ url: '/api/payout-account', payload: { holderName: 'Matrix', accountNumber: '12345678' } }),
    expect: sellerOnly,
  },
  {
    route: 'POST /api/payouts',
    // the seller saved an account above and has completed sales (confirm); the verified seller has no account (409)
    name: 'after the cases above',
    request: () => ({ url: '/api/payouts' }),
    expect: { anonymous: 401, customer: 403, seller: 200, verifiedSeller: 409, admin: 403 },
  },
  {
    route: 'POST /api/orders/:id/chargeback/close',
    request: async (c, w) => {
      if (w === 'anonymous') return { url: `/api/orders/${NO_ORDER}/chargeback/close`, payload: { reason: 'x' } }
      const id = await c.newOrder('paid')
      await t.database.db.update(orders).set({ chargebackAt: new Date() }).where(eq(orders.id, id))
      return { url: `/api/orders/${id}/chargeback/close`, payload: { reason: 'Won at the bank' } }
    },
    expect: orderParties({ admin: 200 }),
  },
)

// offers: the customer made the offer on the (unverified) seller's bag; the verified seller and the admin
// are strangers to it (404); whose move it is decides between 200 and 403
const offerMove = (
  path: string,
  state: 'pending' | 'countered',
  payload: object | undefined,
  ok: Partial<Record<Who, number>>,
  name?: string,
): Case => ({
  route: `POST /api/offers/:id/${path}`,
  ...(name ? { name } : {}),
  request: async (c, w) => ({
    url: `/api/offers/${w === 'anonymous' ? NO_ORDER : await c.newOffer(state)}/${path}`,
    ...(payload ? { payload } : {}),
  }),
  expect: { ...orderParties(ok), admin: 404 },
})
cases.push(
  { route: 'GET /api/offers/rules', request: () => ({ url: '/api/offers/rules' }), expect: all(200) },
  {
    route: 'POST /api/offers',
    request: async (c) => ({ url: '/api/offers', payload: { productId: await c.newProduct(), amount: 100 } }),
    expect: { anonymous: 401, customer: 201, seller: 403, verifiedSeller: 403, admin: 403 },
  },
  { route: 'GET /api/offers', request: () => ({ url: '/api/offers?role=buyer' }), expect: signedIn(200) },
  offerMove('accept', 'pending', undefined, { seller: 200 }, 'a pending offer'),
  offerMove('accept', 'countered', undefined, { customer: 200 }, 'a counter-offer'),
  offerMove('decline', 'pending', undefined, { seller: 200 }, 'a pending offer'),
  offerMove('decline', 'countered', undefined, { customer: 200 }, 'a counter-offer'),
  offerMove('counter', 'pending', { amount: 110 }, { seller: 200 }),
  offerMove('withdraw', 'pending', undefined, { customer: 200 }),
)

// messages, blocks and their moderation: a conversation of the customer about the (unverified) seller's bag;
// the verified seller is a stranger to it (404), and so is the admin until a message in it is reported
const newConversation = async (c: Ctx) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: c.s.customer.bearer,
    payload: { productId: await c.newProduct(), text: 'Is it still available?' },
  })
  return res.json() as { conversationId: string; _id: string }
}
const NO_CONVERSATION = '00000000-0000-4000-8000-000000000000'
const conversationParties = (ok: Partial<Record<Who, number>>): Record<Who, number> => ({
  anonymous: 401,
  customer: 200,
  seller: 200,
  verifiedSeller: 404,
  admin: 404,
  ...ok,
})
cases.push(
  {
    route: 'POST /api/conversations',
    request: async (c) => ({ url: '/api/conversations', payload: { productId: await c.newProduct(), text: 'Hello' } }),
    // customers write first; the verified seller is no customer either
    expect: { anonymous: 401, customer: 201, seller: 403, verifiedSeller: 403, admin: 403 },
  },
  { route: 'GET /api/conversations', request: () => ({ url: '/api/conversations' }), expect: signedIn(200) },
  {
    route: 'GET /api/conversations/unread',
    request: () => ({ url: '/api/conversations/unread' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/conversations/:id',
    request: async (c, w) => ({
      url: `/api/conversations/${w === 'anonymous' ? NO_CONVERSATION : (await newConversation(c)).conversationId}`,
    }),
    expect: conversationParties({}),
  },
  {
    route: 'GET /api/conversations/:id',
    name: 'reported',
    request: async (c, w) => {
      if (w === 'anonymous') return { url: `/api/conversations/${NO_CONVERSATION}` }
      const { conversationId } = await newConversation(c)
      await t.database.db
        .update(conversations)
        .set({ reportedAt: new Date() })
        .where(eq(conversations.id, conversationId))
      return { url: `/api/conversations/${conversationId}` }
    },
    expect: conversationParties({ admin: 200 }),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    request: async (c, w) => ({
      url: `/api/conversations/${w === 'anonymous' ? NO_CONVERSATION : (await newConversation(c)).conversationId}/messages`,
    }),
    expect: conversationParties({}),
  },
  {
    route: 'POST /api/conversations/:id/messages',
    request: async (c, w) => ({
      url: `/api/conversations/${w === 'anonymous' ? NO_CONVERSATION : (await newConversation(c)).conversationId}/messages`,
      payload: { text: 'A reply' },
    }),
    expect: conversationParties({ customer: 201, seller: 201 }),
  },
  {
    route: 'GET /api/orders/:id/conversation',
    request: async (c, w) => {
      if (w === 'anonymous') return { url: `/api/orders/${NO_ORDER}/conversation` }
      const id = await c.newOrder()
      await t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/conversation`,
        headers: c.s.customer.bearer,
        payload: { text: 'When will it ship?' },
      })
      return { url: `/api/orders/${id}/conversation` }
    },
    // the admin reads it only while the order is disputed (conversations.test)
    expect: { anonymous: 401, customer: 200, seller: 200, verifiedSeller: 404, admin: 404 },
  },
  {
    route: 'POST /api/orders/:id/conversation',
    request: async (c, w) => ({
      url: `/api/orders/${w === 'anonymous' ? NO_ORDER : await c.newOrder()}/conversation`,
      payload: { text: 'About the order' },
    }),
    // the admin sees the order but does not write in its conversation
    expect: { anonymous: 401, customer: 201, seller: 201, verifiedSeller: 404, admin: 403 },
  },
  {
    route: 'POST /api/messages/:id/report',
    request: async (c, w) => ({
      url: `/api/messages/${w === 'anonymous' ? NO_CONVERSATION : (await newConversation(c))._id}/report`,
      payload: { reason: 'Asks to pay outside' },
    }),
    // the customer wrote it: their own message is not theirs to report
    expect: { anonymous: 401, customer: 403, seller: 201, verifiedSeller: 404, admin: 404 },
  },
  { route: 'GET /api/message-reports', request: () => ({ url: '/api/message-reports' }), expect: adminOnly },
  {
    route: 'POST /api/message-reports/:id/resolve',
    request: async (c) => {
      const { _id, conversationId } = await newConversation(c)
      const [report] = await t.database.db
        .insert(messageReports)
        .values({ messageId: _id, conversationId, reporterId: c.s.seller.id, reason: 'Spam' })
        .returning({ id: messageReports.id })
      return { url: `/api/message-reports/${report!.id}/resolve`, payload: { action: 'dismiss' } }
    },
    expect: adminOnly,
  },
  { route: 'GET /api/blocks', request: () => ({ url: '/api/blocks' }), expect: signedIn(200) },
  {
    route: 'POST /api/blocks/:userId',
    request: async (c) => ({ url: `/api/blocks/${await c.newUser('customer')}` }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/blocks/:userId',
    request: async (c) => ({ url: `/api/blocks/${await c.newUser('customer')}` }),
    expect: signedIn(200),
  },
)

// notifications, mail settings, the signed unsubscribe link and saved searches
const savedSearchOf = async (c: Ctx, who: Who) => {
  const owner = who === 'anonymous' ? c.s.customer.id : c.s[who].id
  const [row] = await t.database.db
    .insert(savedSearches)
    .values({ userId: owner, name: `Matrix ${Math.random().toString(36).slice(2)}`, query: 'q=tote' })
    .returning({ id: savedSearches.id })
  return row!.id
}
const unsubscribeToken = (c: Ctx) =>
  signUnsubscribeToken(unsubscribeKey(t.app.config.AUTH_SECRET), c.s.customer.id, 'message', new Date())
const notMine: Record<Who, number> = { anonymous: 401, customer: 200, seller: 404, verifiedSeller: 404, admin: 404 }
cases.push(
  { route: 'GET /api/notifications', request: () => ({ url: '/api/notifications' }), expect: signedIn(200) },
  {
    route: 'GET /api/notifications/unread',
    request: () => ({ url: '/api/notifications/unread' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/notifications/read',
    request: () => ({ url: '/api/notifications/read', payload: { all: true } }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/notification-settings',
    request: () => ({ url: '/api/notification-settings' }),
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/notification-settings',
    request: () => ({ url: '/api/notification-settings', payload: { mail: { review: false } } }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/unsubscribe',
    request: (c) => ({ url: `/api/unsubscribe?token=${unsubscribeToken(c)}` }),
    expect: all(303),
  },
  {
    route: 'GET /api/unsubscribe/preview',
    request: (c) => ({ url: `/api/unsubscribe/preview?token=${unsubscribeToken(c)}` }),
    expect: all(200),
  },
  {
    route: 'POST /api/unsubscribe',
    name: 'signed link, no sign-in needed',
    request: (c) => ({ url: `/api/unsubscribe?token=${unsubscribeToken(c)}` }),
    expect: all(200),
  },
  {
    route: 'POST /api/unsubscribe',
    name: 'forged link',
    request: (c) => ({ url: `/api/unsubscribe?token=${unsubscribeToken(c).slice(0, -4)}AAAA` }),
    expect: all(400),
  },
  { route: 'GET /api/saved-searches', request: () => ({ url: '/api/saved-searches' }), expect: signedIn(200) },
  {
    route: 'POST /api/saved-searches',
    request: () => ({
      url: '/api/saved-searches',
      payload: { name: `Matrix ${Math.random().toString(36).slice(2)}`, query: 'q=tote&colour=black' },
    }),
    expect: signedIn(201),
  },
  {
    route: 'PATCH /api/saved-searches/:id',
    name: 'own',
    request: async (c, w) => ({
      url: `/api/saved-searches/${await savedSearchOf(c, w)}`,
      payload: { name: 'Renamed' },
    }),
    expect: signedIn(200),
  },
  {
    route: 'PATCH /api/saved-searches/:id',
    name: "the customer's",
    request: async (c) => ({
      url: `/api/saved-searches/${await savedSearchOf(c, 'customer')}`,
      payload: { name: `Renamed ${Math.random().toString(36).slice(2)}` },
    }),
    expect: notMine,
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    name: 'own',
    request: async (c, w) => ({ url: `/api/saved-searches/${await savedSearchOf(c, w)}` }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    name: "the customer's",
    request: async (c) => ({ url: `/api/saved-searches/${await savedSearchOf(c, 'customer')}` }),
    expect: notMine,
  },
)

// reviews: the buyer reviews a completed order, the reviewed seller replies, everyone reads a seller's reviews
const completedOrder = async (c: Ctx) => {
  const id = await c.newOrder('shipped')
  await t.app.inject({ method: 'POST', url: `/api/orders/${id}/confirm`, headers: c.s.customer.bearer })
  return id
}
const reviewedOrder = async (c: Ctx) => {
  const id = await completedOrder(c)
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/review`,
    headers: c.s.customer.bearer,
    payload: { rating: 5, text: 'Lovely' },
  })
  return res.json()._id as string
}
cases.push(
  {
    route: 'GET /api/orders/:id/review',
    request: async (c, w) => ({ url: `/api/orders/${w === 'anonymous' ? NO_ORDER : await completedOrder(c)}/review` }),
    expect: orderParties({ customer: 200, seller: 200, admin: 200 }),
  },
  {
    route: 'POST /api/orders/:id/review',
    request: async (c, w) => ({
      url: `/api/orders/${w === 'anonymous' ? NO_ORDER : await completedOrder(c)}/review`,
      payload: { rating: 4, text: 'As described' },
    }),
    expect: orderParties({ customer: 201 }),
  },
  {
    // a review is public: anyone signed in but the reviewed seller is refused with 403
    route: 'POST /api/reviews/:id/reply',
    request: async (c) => ({ url: `/api/reviews/${await reviewedOrder(c)}/reply`, payload: { text: 'Thank you!' } }),
    expect: { ...signedIn(403), seller: 200 },
  },
  {
    route: 'GET /api/sellers/:id/reviews',
    request: (c) => ({ url: `/api/sellers/${c.s.seller.id}/reviews` }),
    expect: all(200),
  },
)

// better-auth's own endpoints are public by nature (sign-in, sign-up…); their rules are tested in auth.test.ts
const NOT_IN_MATRIX = new Set(['GET /api/auth/*', 'POST /api/auth/*', 'GET /api/jwt'])

let t: TestApp
let ctx: Ctx

beforeAll(async () => {
  // orders are bought through the real routes: more bookings and payments than one account's rate limit allows
  // NEW_SELLER_HOLD_DAYS 0: the payout case needs the seller's completed sale available now (the reserve has its own tests)
  t = await buildTestApp({ ADMIN_EMAIL, RATE_LIMIT_FACTOR: '10', NEW_SELLER_HOLD_DAYS: '0' })
  const [customer, seller, verifiedSeller, admin] = await Promise.all([
    signUp(t.app, { email: 'm-customer@example.test', role: 'customer' }),
    signUp(t.app, { email: 'm-seller@example.test', role: 'seller' }),
    signUp(t.app, { email: 'm-verified@example.test', role: 'seller' }),
    signUp(t.app, { email: ADMIN_EMAIL }),
  ])
  await t.database.db.update(users).set({ verified: true }).where(eq(users.id, verifiedSeller!.id))
  const product = await insertProduct(t.database.db, seller!.id)
  pngBytes = await pngPhoto()
  const img = await uploadPhoto(t.app, seller!)
  ctx = {
    s: { customer: customer!, seller: seller!, verifiedSeller: verifiedSeller!, admin: admin! },
    productId: product.id,
    img,
    newProduct: async () => (await insertProduct(t.database.db, seller!.id)).id,
    newUser: async (role) => (await insertUser(t.database.db, { role })).id,
    bookingId: '',
    newReport: async () => {
      const p = await insertProduct(t.database.db, seller!.id)
      await t.database.db.insert(reports).values({ productId: p.id, reporterId: customer!.id, reason: 'scam' })
      return p.id
    },
    newAddress: async (who) => {
      const owner = who === 'anonymous' ? customer! : { customer, seller, verifiedSeller, admin }[who]!
      const [row] = await t.database.db
        .insert(savedAddresses)
        .values({ userId: owner.id, ...ADDRESS, line2: ADDRESS.line2 ?? null })
        .returning({ id: savedAddresses.id })
      return row!.id
    },
    newPost: async (published) => {
      const slug = `matrix-${Math.random().toString(36).slice(2)}`
      const [row] = await t.database.db
        .insert(posts)
        .values({ slug, title: 'Matrix', body: 'Hi', published, publishedAt: published ? new Date() : null })
        .returning()
      return { id: row!.id, slug }
    },
    newOrder: async (state = 'paid') => {
      const { id } = await paidOrder(t, seller!, customer!)
      const move = (who: Session, path: string, payload: object) =>
        t.app.inject({ method: 'POST', url: `/api/orders/${id}/${path}`, headers: who.bearer, payload })
      if (state !== 'paid') await move(seller!, 'ship', { carrier: 'DHL', trackingNumber: 'M1' })
      if (state === 'disputed') await move(customer!, 'dispute', { reason: 'damaged', note: 'Torn' })
      return id
    },
    newOffer: async (state = 'pending') => {
      const p = await insertProduct(t.database.db, seller!.id)
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/offers',
        headers: customer!.bearer,
        payload: { productId: p.id, amount: 100 },
      })
      const id = made.json()._id as string
      if (state === 'countered')
        await t.app.inject({
          method: 'POST',
          url: `/api/offers/${id}/counter`,
          headers: seller!.bearer,
          payload: { amount: 110 },
        })
      return id
    },
    newIntent: async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          headers: customer!.bearer,
          payload: { bookingId: ctx.bookingId },
        })
      ).json().clientSecret,
    newWish: async () => {
      const p = await insertProduct(t.database.db, seller!.id)
      return (await t.database.db.insert(wishlists).values({ productId: p.id, userId: customer!.id }).returning())[0]!
        .id
    },
  }
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: customer!.bearer,
    payload: { product_id: await ctx.newProduct(), number: '+1 555 0101', location: 'Porto' },
  })
  ctx.bookingId = booked.json().insertedId
})
afterAll(() => t.close())

describe('authorization matrix', () => {
  it('covers every /api route', () => {
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`))
    const covered = new Set([...cases.map((c) => c.route), ...NOT_IN_MATRIX])
    expect([...registered].filter((r) => !covered.has(r))).toEqual([])
    expect([...covered].filter((r) => !registered.has(r))).toEqual([])
  })

  for (const c of cases) {
    for (const who of WHO) {
      it(`${c.route}${c.name ? ` (${c.name})` : ''} as ${who} → ${c.expect[who]}`, async () => {
        const { url, payload, headers: extra } = await c.request(ctx, who)
        const method = c.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
        const headers: Record<string, string> = { origin: ORIGIN, ...extra }
        if (who !== 'anonymous') headers.authorization = ctx.s[who].bearer.authorization
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
        expect(res.statusCode, res.body).toBe(c.expect[who])
        if (res.statusCode >= 400)
          expect(
            Object.keys(res.json())
              .filter((k) => k !== 'code' && k !== 'field')
              .sort(),
          ).toEqual(['error', 'message', 'statusCode'])
      })
    }
  }
})
