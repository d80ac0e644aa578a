import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for the few endpoints of Stripe's HTTP API the shop calls (PaymentIntents, refunds), so
 * stripe-node itself runs against it through its host/port settings. It speaks Stripe's wire format: form-encoded
 * bodies with bracketed keys, `Idempotency-Key`, bearer secret keys, and Stripe's error JSON.
 */
export interface FakeIntent {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled'
  client_secret: string
  metadata: Record<string, string>
  receipt_email: string | null
  livemode: false
  created: number
}

export interface FakeAccount {
  id: string
  object: 'account'
  type: string
  email: string | null
  capabilities: { transfers: 'inactive' | 'pending' | 'active' }
  metadata: Record<string, string>
}

export interface FakeStripe {
  url: string
  secretKey: string
  intents: Map<string, FakeIntent>
  refunds: { id: string; payment_intent: string; amount: number }[]
  /** Every call: method, path and the idempotency key sent. */
  calls: { method: string; path: string; idempotencyKey: string | undefined }[]
  /** While true, cancelling a PaymentIntent answers 500 (Stripe unreachable for that call). */
  failCancels: boolean
  /** Connect accounts (payouts): transfers capability 'inactive' until `activate`. */
  accounts: Map<string, FakeAccount>
  /** Account Links handed out. */
  accountLinks: { account: string; url: string; return_url: string; refresh_url: string }[]
  transfers: { id: string; amount: number; destination: string; metadata: Record<string, string> }[]
  /** While set, a transfer answers this status (400: refused for good; 500: Stripe unreachable). */
  failTransfers: 400 | 500 | undefined
  /** While true, every call's connection is cut before any answer: Stripe cannot be reached at all. */
  unreachable: boolean
  /** What finishing Stripe's onboarding does: the account may receive transfers. */
  activate(accountId: string): FakeAccount
  /** What Stripe.js does when the buyer's card is accepted. */
  succeed(id: string): FakeIntent
  close(): Promise<void>
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** `metadata[bookingId]=x&allowed_payment_method_types[0]=card` → nested object. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean)
    let node = out as Record<string, unknown>
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value
      else {
        node[part] ??= {}
        node = node[part] as Record<string, unknown>
      }
    })
  }
  return out
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }))
}

// Stripe's test cards (https://docs.stripe.com/testing) and what the stand-in answers for them
const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', message: 'Your card has insufficient funds.' },
}

function confirmInBrowser(res: ServerResponse, pi: FakeIntent | undefined, form: Record<string, unknown>) {
  const cors = { 'content-type': 'application/json', 'access-control-allow-origin': '*' }
  if (!pi || form.client_secret !== pi.client_secret) {
    res.writeHead(404, cors)
    return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } }))
  }
  const card = ((form.payment_method_data as Record<string, Record<string, string>>)?.card?.number ?? '').replace(
    /\D/g,
    '',
  )
  if (pi.status === 'canceled') {
    res.writeHead(400, cors)
    return res.end(
      JSON.stringify({
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This PaymentIntent has been canceled.',
          payment_intent: pi,
        },
      }),
    )
  }
  const decline = DECLINES[card] ?? (card === '4242424242424242' ? undefined : DECLINES['4000000000000002']!)
  if (pi.status === 'succeeded' || !decline) {
    if (pi.status !== 'succeeded') pi.status = 'succeeded'
    res.writeHead(200, cors)
    return res.end(JSON.stringify(pi))
  }
  res.writeHead(402, cors)
  res.end(JSON.stringify({ error: { type: 'card_error', ...decline, payment_intent: pi } }))
}

export async function startFakeStripe(secretKey = 'sk_test_local_standin'): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>()
  const refunds: FakeStripe['refunds'] = []
  const calls: FakeStripe['calls'] = []
  const idempotent = new Map<string, { status: number; body: string }>()
  const fake = { failCancels: false, failTransfers: undefined, unreachable: false } as FakeStripe
  const accounts = new Map<string, FakeAccount>()
  const accountLinks: FakeStripe['accountLinks'] = []
  const transfers: FakeStripe['transfers'] = []

  /** Stripe Connect: accounts, account links and transfers (payouts to sellers). Answers whether it handled the call. */
  const connect = async (
    method: string,
    pathname: string,
    form: Record<string, unknown>,
    send: (status: number, payload: unknown) => void,
  ): Promise<boolean> => {
    if (method === 'POST' && pathname === '/v1/accounts') {
      const account: FakeAccount = {
        id: id('acct'),
        object: 'account',
        type: String(form.type ?? 'express'),
        email: (form.email as string) ?? null,
        capabilities: { transfers: 'inactive' },
        metadata: (form.metadata as Record<string, string>) ?? {},
      }
      accounts.set(account.id, account)
      send(200, account)
      return true
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(pathname)
    if (method === 'GET' && accountPath) {
      const account = accounts.get(accountPath[1]!)
      if (account) send(200, account)
      else send(404, { error: { type: 'invalid_request_error', message: 'No such account', code: 'resource_missing' } })
      return true
    }
    if (method === 'POST' && pathname === '/v1/account_links') {
      const account = String(form.account)
      if (!accounts.has(account)) {
        send(400, { error: { type: 'invalid_request_error', message: 'No such account', code: 'resource_missing' } })
        return true
      }
      const link = {
        object: 'account_link',
        account,
        url: `https://connect.stripe.test/setup/e/${account}/${randomBytes(6).toString('hex')}`,
        return_url: String(form.return_url),
        refresh_url: String(form.refresh_url),
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
      }
      accountLinks.push(link)
      send(200, link)
      return true
    }
    if (method === 'POST' && pathname === '/v1/transfers') {
      // Stripe unreachable: nothing is done, and nothing is kept under the idempotency key
      if (fake.failTransfers === 500) throw new Error('Stripe is unavailable (test stand-in)')
      const destination = String(form.destination)
      const amount = Number(form.amount)
      const account = accounts.get(destination)
      if (fake.failTransfers === 400 || !account || account.capabilities.transfers !== 'active') {
        send(400, {
          error: {
            type: 'invalid_request_error',
            message:
              'Your destination account needs to have at least one of the following capabilities enabled: transfers',
            code: 'insufficient_capabilities_for_transfer',
          },
        })
        return true
      }
      if (!Number.isInteger(amount) || amount < 1) {
        send(400, {
          error: { type: 'invalid_request_error', message: 'Invalid integer', code: 'parameter_invalid_integer' },
        })
        return true
      }
      const transfer = {
        id: id('tr'),
        object: 'transfer',
        amount,
        currency: String(form.currency ?? 'usd'),
        destination,
        metadata: (form.metadata as Record<string, string>) ?? {},
      }
      transfers.push(transfer)
      send(200, transfer)
      return true
    }
    return false
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const url = new URL(req.url ?? '/', 'http://stripe.local')
    const key = req.headers['idempotency-key'] as string | undefined
    calls.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key })
    const form = parseForm(raw)
    const confirmPath = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname)
    if (req.method === 'POST' && confirmPath && String(form.key ?? '').startsWith('pk_')) {
      // what Stripe.js does in the browser: the publishable key and the client secret confirm a card payment
      return confirmInBrowser(res, intents.get(confirmPath[1]!), form)
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided')
    }
    const cacheKey = key && `${req.method} ${url.pathname} ${key}`
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined
    if (cached) {
      res.writeHead(cached.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' })
      return res.end(cached.body)
    }
    const send = (status: number, payload: unknown) => {
      const body = JSON.stringify(payload)
      if (cacheKey) idempotent.set(cacheKey, { status, body })
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(body)
    }

    if (await connect(req.method ?? '', url.pathname, form, send)) return
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const amount = Number(form.amount)
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(res, 400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small')
      }
      const pi: FakeIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        currency: String(form.currency ?? 'usd'),
        status: 'requires_payment_method',
        client_secret: '',
        metadata: (form.metadata as Record<string, string>) ?? {},
        receipt_email: (form.receipt_email as string) ?? null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      }
      pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString('hex')}`
      intents.set(pi.id, pi)
      return send(200, pi)
    }
    const cancelPath = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname)
    if (req.method === 'POST' && cancelPath) {
      if (fake.failCancels) return stripeError(res, 500, 'api_error', 'Stripe is unavailable (test stand-in)')
      const pi = intents.get(cancelPath[1]!)
      if (!pi) return stripeError(res, 404, 'invalid_request_error', 'No such payment_intent', 'resource_missing')
      if (pi.status === 'succeeded' || pi.status === 'processing' || pi.status === 'canceled') {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          'payment_intent_unexpected_state',
        )
      }
      pi.status = 'canceled'
      return send(200, pi)
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && intentPath) {
      const pi = intents.get(intentPath[1]!)
      if (!pi) return stripeError(res, 404, 'invalid_request_error', 'No such payment_intent', 'resource_missing')
      return send(200, pi)
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const pi = intents.get(String(form.payment_intent))
      if (!pi) return stripeError(res, 404, 'invalid_request_error', 'No such payment_intent', 'resource_missing')
      const given = refunds.filter((r) => r.payment_intent === pi.id).reduce((sum, r) => sum + r.amount, 0)
      if (pi.status !== 'succeeded' || given >= pi.amount) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Charge has already been refunded.',
          'charge_already_refunded',
        )
      }
      // without `amount`, what is left of the charge (Stripe's default)
      const amount = form.amount === undefined ? pi.amount - given : Number(form.amount)
      if (!Number.isInteger(amount) || amount <= 0 || amount > pi.amount - given) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          `Refund amount (${form.amount}) is greater than unrefunded amount on charge (${pi.amount - given})`,
          'amount_too_large',
        )
      }
      const refund = { id: id('re'), object: 'refund', payment_intent: pi.id, amount, status: 'succeeded' }
      refunds.push(refund)
      return send(200, refund)
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`)
  }

  const server = createServer((req, res) => {
    if (fake.unreachable) {
      calls.push({
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://stripe.local').pathname,
        idempotencyKey: undefined,
      })
      req.socket.destroy()
      return
    }
    handle(req, res).catch((err) => stripeError(res, 500, 'api_error', String(err)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    refunds,
    calls,
    accounts,
    accountLinks,
    transfers,
    activate(accountId: string) {
      const account = accounts.get(accountId)
      if (!account) throw new Error(`no account ${accountId}`)
      account.capabilities.transfers = 'active'
      return account
    },
    succeed(intentId: string) {
      const pi = intents.get(intentId)
      if (!pi) throw new Error(`no intent ${intentId}`)
      if (pi.status === 'canceled') throw new Error(`intent ${intentId} was canceled: it cannot be confirmed`)
      pi.status = 'succeeded'
      return pi
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
  return fake
}
