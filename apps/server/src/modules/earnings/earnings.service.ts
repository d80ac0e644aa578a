import type { Payout, PayoutAccountResult } from '@preloved/shared/earnings'
import { messages } from '@preloved/shared/messages'
import type { Earnings, PayoutAccountBody } from '@preloved/shared/orders'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import Stripe from 'stripe'
import type { Db } from '../../db/client.ts'
import { ledgerEntries, payouts } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { centsToDollars, formatUsd } from '../../lib/money.ts'
import { type Cursor, encodeCursor } from '../../lib/paging.ts'
import type { CurrentUser } from '../../plugins/auth.ts'
import type { Mailer } from '../mail/mail.service.ts'
import { balanceOf, payoutReversalEntry } from '../orders/ledger.ts'
import type { OrderDeps } from '../orders/order-deps.ts'
import { applyDueOf } from '../orders/orders.service.ts'
import type { StripeGateway } from '../payments/stripe-gateway.ts'
import {
  claimStalePayouts,
  findPayoutAccount,
  findSellerContact,
  findUserRole,
  type LedgerRow,
  listEntries,
  lockPayoutAccount,
  type PayoutAccountRow,
  type PayoutRow,
  pendingStripePayouts,
  saveStripeAccount,
  saveTestAccount,
  settlePayout,
} from './earnings.repository.ts'

/** What the money routes need of the app. */
export interface MoneyDeps {
  db: Db
  mailer: Mailer
  /** Stripe when STRIPE_SECRET_KEY is set; test mode otherwise. */
  stripe: StripeGateway | undefined
  /** Where Stripe's onboarding sends the seller back to. */
  publicUrl: string
  log: FastifyBaseLogger | undefined
}

/** What sending a payout needs (the payout sweeper has no onboarding links to make). */
type SendDeps = Omit<MoneyDeps, 'publicUrl'>

/** Whose earnings a caller reads: a seller their own; an admin the seller named by `sellerId`. */
export async function earningsOwner(db: Db, user: CurrentUser, sellerId: string | undefined): Promise<string> {
  if (user.role === 'admin') {
    if (!sellerId) throw new AppError(400, messages.earnings.sellerIdRequired)
    const seller = await findUserRole(db, sellerId)
    if (seller?.role !== 'seller') throw new AppError(404, messages.earnings.sellerNotFound)
    return seller.id
  }
  if (user.role !== 'seller') throw new AppError(403, messages.earnings.sellersOnly)
  if (sellerId !== undefined && sellerId !== user.id) throw new AppError(403, messages.earnings.sellersOnly)
  return user.id
}

const toEntryJson = ({
  entry: e,
  availableAt,
}: {
  entry: LedgerRow
  availableAt: Date | null
}): Earnings['entries'][number] => ({
  _id: e.id,
  kind: e.kind,
  amount: centsToDollars(e.amountCents),
  orderId: e.orderId,
  payoutId: e.payoutId,
  note: e.note,
  createdAt: e.createdAt.toISOString(),
  availableAt: e.kind === 'payout' || !availableAt ? null : availableAt.toISOString(),
})

const toAccountJson = (a: PayoutAccountRow | undefined): Earnings['account'] =>
  a ? { provider: a.provider, holderName: a.holderName, last4: a.last4 } : null

/** GET /api/earnings: balances summed from the ledger, one page of entries (newest first) and the payout account. */
export async function readEarnings(
  orderDeps: OrderDeps,
  sellerId: string,
  page: { cursor: Cursor | undefined; limit: number },
  now: Date,
) {
  const db = orderDeps.db
  // deadlines that passed are applied first (an order past its auto-completion date is completed, so available)
  await applyDueOf(orderDeps, sellerId, now)
  const [balances, rows, account] = await Promise.all([
    balanceOf(db, sellerId, now),
    listEntries(db, sellerId, page.cursor, page.limit),
    findPayoutAccount(db, sellerId),
  ])
  const hasMore = rows.length > page.limit
  const entries = rows.slice(0, page.limit)
  const last = entries.at(-1)
  const earnings: Earnings = {
    pending: centsToDollars(balances.pending),
    available: centsToDollars(balances.available),
    paidOut: centsToDollars(balances.paidOut),
    entries: entries.map(toEntryJson),
    account: toAccountJson(account),
  }
  return { earnings, next: hasMore && last ? encodeCursor(last.entry) : undefined }
}

/**
 * POST /api/payout-account. Test mode: the holder's name and the last four digits of the number (the rest is dropped
 * here). With Stripe: the seller's Connect Express account (opened once) and a fresh onboarding link to it.
 */
export async function savePayoutAccount(
  deps: MoneyDeps,
  user: CurrentUser,
  body: PayoutAccountBody | undefined,
  now: Date,
): Promise<PayoutAccountResult> {
  const stripe = deps.stripe
  if (!stripe) {
    if (!body) throw new AppError(400, messages.earnings.accountBodyRequired)
    const digits = body.accountNumber.replace(/\D/g, '')
    const saved = await saveTestAccount(deps.db, user.id, body.holderName, digits.slice(-4), now)
    return { provider: 'test', holderName: saved.holderName ?? '', last4: saved.last4 ?? '' }
  }
  let account = await findPayoutAccount(deps.db, user.id)
  if (!account?.stripeAccountId) {
    // the same seller asking twice at once opens one account (Stripe answers the same one for the same key)
    const accountId = await stripe.createConnectAccount({
      userId: user.id,
      email: user.email,
      idempotencyKey: `connect-account-${user.id}`,
    })
    account = await saveStripeAccount(deps.db, user.id, accountId, now)
  }
  const back = new URL('/dashboard/earnings', deps.publicUrl).toString()
  const url = await stripe.accountLink({
    accountId: account.stripeAccountId!,
    refreshUrl: `${back}?onboarding=refresh`,
    returnUrl: `${back}?onboarding=done`,
  })
  return { provider: 'stripe', url }
}

const toPayoutJson = (p: PayoutRow): Payout => ({
  _id: p.id,
  amount: centsToDollars(p.amountCents),
  provider: p.provider,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
})

/** Stripe answered and refused for good (a 4xx): the transfer was not made and will not be. */
const refusedByStripe = (err: unknown) =>
  err instanceof Stripe.errors.StripeError &&
  typeof err.statusCode === 'number' &&
  err.statusCode >= 400 &&
  err.statusCode < 500 &&
  err.statusCode !== 409 &&
  err.statusCode !== 429

async function mailPayout(deps: SendDeps, payout: PayoutRow, account: PayoutAccountRow) {
  const seller = await findSellerContact(deps.db, payout.sellerId)
  if (!seller) return
  const amount = formatUsd(payout.amountCents)
  const destination =
    account.provider === 'test' ? `the bank account ending in ${account.last4}` : 'your Stripe account'
  await deps.mailer
    .send({
      to: seller.email,
      subject: messages.earnings.payoutMailSubject(amount),
      text: messages.earnings.payoutMailText(seller.name, amount, destination),
    })
    .catch((err) => deps.log?.warn({ err, payoutId: payout.id }, 'payout mail not sent'))
}

/**
 * Sends a pending Stripe payout (again): the payout's id is the idempotency key, so asking twice is one transfer.
 * Refused for good: the payout fails and a positive payout entry naming it gives the money back to the available
 * balance, in one transaction that moves the payout once (and a unique index lets a payout be given back once).
 * Stripe unreachable: it stays pending, sent again by the payout sweeper or the seller's next payout request.
 */
async function sendTransfer(
  deps: SendDeps,
  stripe: StripeGateway,
  payout: PayoutRow,
  account: PayoutAccountRow,
  now: Date,
) {
  let transferId: string
  try {
    transferId = await stripe.transfer({
      accountId: account.stripeAccountId!,
      amountCents: payout.amountCents,
      idempotencyKey: payout.id,
      payoutId: payout.id,
    })
  } catch (err) {
    if (!refusedByStripe(err)) {
      deps.log?.warn({ err, payoutId: payout.id }, 'stripe transfer: no answer, the payout stays pending')
      return 'pending' as const
    }
    deps.log?.warn({ err, payoutId: payout.id }, 'stripe transfer refused: the payout is given back')
    await deps.db.transaction(async (tx) => {
      const failed = await settlePayout(tx, payout.id, 'failed', null)
      if (!failed) return
      await tx.insert(ledgerEntries).values(payoutReversalEntry(failed, now))
    })
    return 'failed' as const
  }
  const paid = await settlePayout(deps.db, payout.id, 'paid', transferId)
  if (paid) await mailPayout(deps, paid, account)
  return 'paid' as const
}

/**
 * POST /api/payouts: the whole available balance, once. One transaction locks the seller's payout account (every
 * instance waits on the same row), sums the balance again and writes the payout and its negative ledger entry; a
 * second request waits, then finds nothing available (409). With Stripe the transfer follows the commit.
 */
export async function requestPayout(deps: MoneyDeps, user: CurrentUser, now: Date): Promise<Payout> {
  const stripe = deps.stripe
  const account = await findPayoutAccount(deps.db, user.id)
  if (!account) throw new AppError(409, messages.earnings.noPayoutAccount)
  /** A pending payout this request got through to Stripe: the answer when nothing more is available. */
  let sent: PayoutRow | undefined
  if (stripe) {
    if (account.provider !== 'stripe' || !account.stripeAccountId) {
      throw new AppError(409, messages.earnings.noPayoutAccount)
    }
    // payouts Stripe did not answer before go first, with their own idempotency keys
    for (const pending of await pendingStripePayouts(deps.db, user.id)) {
      if ((await sendTransfer(deps, stripe, pending, account, now)) === 'paid') sent = { ...pending, status: 'paid' }
    }
    if (!(await stripe.transfersActive(account.stripeAccountId))) {
      throw new AppError(409, messages.earnings.onboardingUnfinished)
    }
  } else if (account.provider !== 'test') {
    throw new AppError(409, messages.earnings.noPayoutAccount)
  }

  const payout = await deps.db.transaction(async (tx) => {
    const locked = await lockPayoutAccount(tx, user.id)
    if (!locked) throw new AppError(409, messages.earnings.noPayoutAccount)
    const { available: availableCents } = await balanceOf(tx, user.id, now)
    if (availableCents <= 0) return undefined
    const [row] = await tx
      .insert(payouts)
      .values({
        sellerId: user.id,
        amountCents: availableCents,
        provider: locked.provider,
        status: locked.provider === 'test' ? 'paid' : 'pending',
        // a Stripe payout is sent right after the commit: the sweeper leaves it to this request for a minute
        attemptedAt: locked.provider === 'stripe' ? now : null,
        createdAt: now,
      })
      .returning()
    await tx.insert(ledgerEntries).values({
      account: user.id,
      payoutId: row!.id,
      kind: 'payout',
      amountCents: -availableCents,
      note: locked.provider === 'test' ? `Payout to the account ending in ${locked.last4}` : 'Payout to Stripe',
      createdAt: now,
    })
    return row!
  })

  if (!payout) {
    if (sent) return toPayoutJson(sent)
    throw new AppError(409, messages.earnings.nothingAvailable)
  }
  if (payout.provider === 'test') {
    await mailPayout(deps, payout, account)
    return toPayoutJson(payout)
  }
  const outcome = await sendTransfer(deps, stripe!, payout, account, now)
  if (outcome === 'failed') throw new AppError(502, messages.earnings.transferRefused)
  if (outcome === 'pending') throw new AppError(502, messages.earnings.transferPending)
  return toPayoutJson({ ...payout, status: 'paid' })
}

/** How long a pending Stripe payout is left to the request that sent it before the sweeper sends it again. */
export const PAYOUT_RETRY_MS = 60_000

/**
 * The payout sweeper: sends again every Stripe payout still pending a minute after it was made and last sent (Stripe
 * did not answer). Each instance claims its own payouts (a conditional UPDATE over FOR UPDATE SKIP LOCKED that moves
 * `attempted_at` on), so several instances never send one payout at once; a transfer sent twice anyway (a seller's
 * request racing the sweeper) is one transfer, the payout's id being the idempotency key, and it settles once.
 */
export async function sweepPayouts(deps: SendDeps, now: Date, batch = 50) {
  const counts = { paid: 0, failed: 0, pending: 0 }
  const stripe = deps.stripe
  if (!stripe) return counts
  const claimed = await claimStalePayouts(deps.db, now, new Date(now.getTime() - PAYOUT_RETRY_MS), batch)
  for (const payout of claimed) {
    try {
      const account = await findPayoutAccount(deps.db, payout.sellerId)
      if (account?.provider !== 'stripe' || !account.stripeAccountId) {
        deps.log?.warn({ payoutId: payout.id }, 'pending Stripe payout of a seller without a Stripe account')
        counts.pending++
        continue
      }
      counts[await sendTransfer(deps, stripe, payout, account, now)]++
    } catch (err) {
      counts.pending++
      deps.log?.warn({ err, payoutId: payout.id }, 'pending payout not sent (retried at a later sweep)')
    }
  }
  return counts
}

/** The app's payout sweep (called with the deadline sweep): logs what it did, never throws. */
export const sweepPayoutsOf = (app: FastifyInstance) =>
  sweepPayouts({ db: app.db, mailer: app.mailer, stripe: app.stripe, log: app.log }, app.now()).then(
    (n) => (n.paid || n.failed) && app.log.info(n, 'pending Stripe payouts sent again'),
    (err) => app.log.warn({ err }, 'payout sweep failed'),
  )
