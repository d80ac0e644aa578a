// The moves a person makes on an order (docs/product/orders.md#moves), each a write run by the runner in
// orders.service.ts, checked against the order process table (order-process.ts).
import type { Address } from '@preloved/shared/addresses'
import { messages } from '@preloved/shared/messages'
import type { AnswerBody, CancelBody, DisputeBody, RefundBody, ResolveBody, ShipBody } from '@preloved/shared/orders'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { auditLog, orders } from '../../db/schema/index.ts'
import { AppError } from '../../lib/errors.ts'
import { formatUsd } from '../../lib/money.ts'
import { DISPLAY_PHOTO_SUFFIX, mayUsePhoto } from '../images/images.service.ts'
import { addDays, type OrderDeps } from './order-deps.ts'
import { DISPUTE_WORDS, mailLater } from './order-mail.ts'
import {
  alreadyDone,
  closeWithFullRefund,
  complete,
  keyedDetail,
  keyedRequest,
  recordRefund,
  refundAmount,
  refundKey,
} from './order-money.ts'
import { allowedNow, mayMake } from './order-process.ts'
import { addEvent, type Viewer } from './orders.repository.ts'
import { move } from './orders.service.ts'

const m = messages.orderMoves

// ———————————————————————————————————————— the moves ————————————————————————————————————————

const audit = (
  tx: DbOrTx,
  a: {
    actorId: string
    action: string
    orderId: string
    reason: string | null
    detail?: Record<string, unknown>
    at: Date
  },
) =>
  tx.insert(auditLog).values({
    actorId: a.actorId,
    action: a.action,
    orderId: a.orderId,
    reason: a.reason,
    detail: a.detail ?? {},
    createdAt: a.at,
  })

/** Dispute and answer photos: display-size photos of our store that the user uploaded (or has on a listing). */
async function checkPhotos(deps: OrderDeps, userId: string, urls: string[] | undefined) {
  const list = urls ?? []
  if (new Set(list).size !== list.length) throw new AppError(400, messages.listings.photoTwice, { field: 'photos' })
  for (const url of list) {
    const key = deps.images.keyOf(url)
    if (!key?.endsWith(DISPLAY_PHOTO_SUFFIX))
      throw new AppError(400, messages.listings.photoNotOurs, { field: 'photos' })
    if (!(await mayUsePhoto(deps.db, key, url, userId))) throw new AppError(403, messages.products.photoNotYours)
  }
  return list
}

/** The seller marks a paid order shipped (carrier, tracking number): the auto-completion clock starts. */
export async function shipOrder(deps: OrderDeps, user: Viewer, id: string, body: ShipBody, now: Date) {
  await move(deps, 'ship', id, now, async (ctx, tx, o) => {
    mayMake(o, user, 'ship')
    allowedNow(o, 'ship')
    await tx
      .update(orders)
      .set({
        status: 'shipped',
        shippedAt: now,
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        autoCompleteAt: addDays(now, o.autoCompleteDays),
        updatedAt: now,
      })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'paid')))
    await addEvent(tx, {
      orderId: o.id,
      status: 'shipped',
      actorId: user.id,
      actorRole: 'seller',
      note: m.noteShipped(body.carrier, body.trackingNumber),
      at: now,
    })
    mailLater(ctx, 'ship', o.id, ['shipped'])
  })
}

/** The buyer's "Everything is OK": a shipped order completes and the seller's money becomes available. */
export async function confirmOrder(deps: OrderDeps, user: Viewer, id: string, now: Date) {
  await move(deps, 'confirm', id, now, async (ctx, tx, o) => {
    mayMake(o, user, 'confirm')
    allowedNow(o, 'confirm')
    await complete(ctx, tx, o, user.id, 'buyer', m.noteConfirmed, now)
    mailLater(ctx, 'confirm', o.id, ['completed'])
  })
}

/** The buyer reports a problem with a shipped order (before it completes): the money is held for an admin. */
export async function disputeOrder(deps: OrderDeps, user: Viewer, id: string, body: DisputeBody, now: Date) {
  const photos = await checkPhotos(deps, user.id, body.photos)
  await move(deps, 'dispute', id, now, async (ctx, tx, o) => {
    mayMake(o, user, 'dispute')
    allowedNow(o, 'dispute')
    await tx
      .update(orders)
      .set({
        status: 'disputed',
        disputedAt: now,
        disputeReason: body.reason,
        disputeNote: body.note,
        disputePhotos: photos,
        updatedAt: now,
      })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'shipped')))
    await addEvent(tx, {
      orderId: o.id,
      status: 'disputed',
      actorId: user.id,
      actorRole: 'buyer',
      note: `Problem reported: ${DISPUTE_WORDS[body.reason]}`,
      at: now,
    })
    mailLater(ctx, 'dispute', o.id, ['disputed'])
  })
}

/** The seller's side of a dispute (note and photos); the latest answer is kept, each one is on the timeline. */
export async function answerDispute(deps: OrderDeps, user: Viewer, id: string, body: AnswerBody, now: Date) {
  const photos = await checkPhotos(deps, user.id, body.photos)
  await move(deps, 'answer', id, now, async (_ctx, tx, o) => {
    mayMake(o, user, 'answer')
    allowedNow(o, 'answer')
    await tx
      .update(orders)
      .set({ answerNote: body.note, answerPhotos: photos, updatedAt: now })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'disputed')))
    await addEvent(tx, {
      orderId: o.id,
      status: 'disputed',
      actorId: user.id,
      actorRole: 'seller',
      note: m.noteAnswered,
      at: now,
    })
  })
}

/** The buyer gives (or changes) the delivery address of a paid order; the first one starts the seller's clock. */
export async function setOrderAddress(deps: OrderDeps, user: Viewer, id: string, address: Address, now: Date) {
  await move(deps, 'address', id, now, async (ctx, tx, o) => {
    mayMake(o, user, 'address')
    allowedNow(o, 'address')
    const starts = o.shipBy === null
    await tx
      .update(orders)
      .set({ address, ...(starts ? { shipBy: addDays(now, o.shipDays), reminderSentAt: null } : {}), updatedAt: now })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'paid')))
    await addEvent(tx, {
      orderId: o.id,
      status: 'paid',
      actorId: user.id,
      actorRole: 'buyer',
      note: starts ? m.noteAddressAdded : m.noteAddressChanged,
      at: now,
    })
    if (starts) mailLater(ctx, 'address', o.id, ['addressAdded'])
  })
}

/**
 * The seller cancels a paid order (or an admin does, with a reason): the buyer is refunded in full and the bag is for
 * sale again.
 */
export async function cancelOrder(deps: OrderDeps, user: Viewer, id: string, body: CancelBody | null, now: Date) {
  const isAdmin = user.role === 'admin'
  const reason = body?.reason?.trim() || undefined
  if (isAdmin && !reason) throw new AppError(400, m.adminReasonRequired, { field: 'reason' })
  await move(deps, 'cancel', id, now, async (ctx, tx, o) => {
    const byAdmin = !mayMake(o, user, 'cancel').includes('seller')
    allowedNow(o, 'cancel')
    await closeWithFullRefund(ctx, tx, o, {
      move: 'cancel',
      status: 'cancelled',
      actorId: user.id,
      actorRole: byAdmin ? 'admin' : 'seller',
      note: reason ? `${byAdmin ? m.noteAdminCancelled : m.noteSellerCancelled}: ${reason}` : m.noteSellerCancelled,
      reason: reason ?? 'cancelled by the seller',
      idempotencyKey: `order-${o.id}-cancel`,
      at: now,
    })
    if (byAdmin) await audit(tx, { actorId: user.id, action: 'cancel', orderId: o.id, reason: reason ?? null, at: now })
  })
}

/**
 * An admin refunds a paid or shipped order: in full without `amount` (the order is then refunded), or in part (it
 * stays where it is; the seller keeps the rest, commission taken on what is left). Audited with the admin's reason.
 */
export async function refundOrder(
  deps: OrderDeps,
  admin: Viewer,
  id: string,
  body: RefundBody,
  now: Date,
  clientKey?: string,
) {
  await move(deps, 'refund', id, now, async (ctx, tx, o) => {
    mayMake(o, admin, 'refund')
    const request = keyedRequest('refund', body)
    if (await alreadyDone(tx, o, clientKey, request)) return
    const { cents, left } = await refundAmount(tx, o, body.amount)
    allowedNow(o, 'refund', { refundLeft: left > 0 })
    const key = await refundKey(tx, o, clientKey, cents)
    if (cents >= left) {
      await closeWithFullRefund(ctx, tx, o, {
        move: 'refund',
        status: 'refunded',
        actorId: admin.id,
        actorRole: 'admin',
        note: `${m.noteRefunded(formatUsd(left))}: ${body.reason}`,
        reason: body.reason,
        idempotencyKey: key,
        at: now,
      })
    } else {
      await recordRefund(ctx, tx, o, {
        amountCents: cents,
        reason: body.reason,
        actorId: admin.id,
        idempotencyKey: key,
      })
      await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, o.id))
      await addEvent(tx, {
        orderId: o.id,
        status: o.status,
        actorId: admin.id,
        actorRole: 'admin',
        note: `${m.noteRefunded(formatUsd(cents))}: ${body.reason}`,
        at: now,
      })
      mailLater(ctx, 'refund', o.id, [{ refunded: { cents, why: body.reason } }])
    }
    await audit(tx, {
      actorId: admin.id,
      action: 'refund',
      orderId: o.id,
      reason: body.reason,
      detail: { amountCents: cents, ...keyedDetail(clientKey, request) },
      at: now,
    })
  })
}

/**
 * An admin resolves a dispute: release (completed; the seller is paid), refund in full (refunded), or refund in part
 * (completed; the seller gets the rest, commission on what is left). Audited with the admin's reason.
 */
export async function resolveDispute(
  deps: OrderDeps,
  admin: Viewer,
  id: string,
  body: ResolveBody,
  now: Date,
  clientKey?: string,
) {
  if (body.outcome === 'release' && body.amount !== undefined)
    throw new AppError(400, m.amountOnlyWithRefund, { field: 'amount' })
  const reason = body.reason?.trim()
  if (!reason) throw new AppError(400, m.adminReasonRequired, { field: 'reason' })
  await move(deps, 'resolve', id, now, async (ctx, tx, o) => {
    mayMake(o, admin, 'resolve')
    const request = keyedRequest('resolve', { ...body, reason })
    if (await alreadyDone(tx, o, clientKey, request)) return
    const { cents, left } = body.outcome === 'refund' ? await refundAmount(tx, o, body.amount) : { cents: 0, left: 0 }
    allowedNow(o, 'resolve')
    if (body.outcome === 'release') {
      await complete(ctx, tx, o, admin.id, 'admin', `${m.noteReleased}: ${reason}`, now)
      mailLater(ctx, 'resolve', o.id, [{ resolved: 'the money goes to the seller' }, 'completed'])
    } else if (cents >= left) {
      await closeWithFullRefund(ctx, tx, o, {
        move: 'resolve',
        status: 'refunded',
        actorId: admin.id,
        actorRole: 'admin',
        note: `${m.noteRefunded(formatUsd(left))}: ${reason}`,
        reason,
        idempotencyKey: await refundKey(tx, o, clientKey, cents),
        at: now,
      })
    } else {
      await recordRefund(ctx, tx, o, {
        amountCents: cents,
        reason,
        actorId: admin.id,
        idempotencyKey: await refundKey(tx, o, clientKey, cents),
      })
      await complete(ctx, tx, o, admin.id, 'admin', `${m.notePartialRefund(formatUsd(cents))}: ${reason}`, now)
      mailLater(ctx, 'resolve', o.id, [
        { refunded: { cents, why: reason } },
        { resolved: m.notePartialRefund(formatUsd(cents)) },
        'completed',
      ])
    }
    await audit(tx, {
      actorId: admin.id,
      action: 'resolve',
      orderId: o.id,
      reason,
      detail: { outcome: body.outcome, amountCents: cents, ...keyedDetail(clientKey, request) },
      at: now,
    })
  })
}
