// The mail of an order's moves (docs/product/orders.md#mail), sent after the move committed.
import { messages } from '@preloved/shared/messages'
import type { OrderMove } from '@preloved/shared/order-process'
import type { DisputeReason } from '@preloved/shared/orders'
import { formatUsd } from '../../lib/money.ts'
import { notify } from '../notifications/notify.ts'
import { orderLedger } from './ledger.ts'
import type { MoveCtx, OrderDeps } from './order-deps.ts'
import { assertMail } from './order-process.ts'
import { findOrderView } from './orders.repository.ts'

const mail = messages.orderMail

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })
const when = (d: Date) => `${dateFormat.format(d)} UTC`

export const DISPUTE_WORDS: Record<DisputeReason, string> = {
  not_received: 'not received',
  not_as_described: 'not as described',
  counterfeit: 'counterfeit',
  damaged: 'damaged',
}

// ———————————————————————————————————————— mail ————————————————————————————————————————

export type MailKind =
  | 'receipt'
  | 'sold'
  | 'addressAdded'
  | 'reminder'
  | 'shipped'
  | 'completed'
  | 'disputed'
  | { refunded: { cents: number; why: string } }
  | { cancelled: string }
  | { resolved: string }

/** Sends an order's mail after its move committed; a mail that fails is logged, never undoes the move. */
export async function sendOrderMail(deps: OrderDeps, orderId: string, kinds: MailKind[]) {
  const view = await findOrderView(deps.db, orderId)
  if (!view) return
  const o = view.order
  const link = `${deps.origin}/dashboard/orders/${o.id}`
  const title = view.productTitle
  const toBuyer = (subject: string, text: string) => ({ to: view.buyerEmail, subject, text, userId: o.buyerId })
  const toSeller = (subject: string, text: string) => ({ to: view.sellerEmail, subject, text, userId: o.sellerId })
  const out: { to: string; subject: string; text: string; userId: string }[] = []
  for (const kind of kinds) {
    if (kind === 'receipt')
      out.push(
        toBuyer(
          mail.receiptSubject(title),
          mail.receipt({
            name: view.buyerName,
            title,
            price: formatUsd(o.priceCents),
            shipping: formatUsd(o.shippingCents),
            discount: formatUsd(o.discountCents),
            total: formatUsd(o.amountPaidCents),
            orderId: o.id,
            link,
            awaitingAddress: o.address === null,
          }),
        ),
      )
    else if (kind === 'sold')
      out.push(
        toSeller(
          mail.soldSubject(title),
          mail.sold({ name: view.sellerName, title, shipBy: o.shipBy ? when(o.shipBy) : null, link }),
        ),
      )
    else if (kind === 'addressAdded' && o.shipBy)
      out.push(
        toSeller(
          mail.addressSubject(title),
          mail.address({ name: view.sellerName, title, shipBy: when(o.shipBy), link }),
        ),
      )
    else if (kind === 'reminder' && o.shipBy)
      out.push(
        toSeller(
          mail.reminderSubject(title),
          mail.reminder({ name: view.sellerName, title, shipBy: when(o.shipBy), link }),
        ),
      )
    else if (kind === 'shipped' && o.carrier && o.trackingNumber && o.autoCompleteAt)
      out.push(
        toBuyer(
          mail.shippedSubject(title),
          mail.shipped({
            name: view.buyerName,
            title,
            carrier: o.carrier,
            tracking: o.trackingNumber,
            autoCompleteAt: when(o.autoCompleteAt),
            link,
          }),
        ),
      )
    else if (kind === 'completed') {
      const ledger = await orderLedger(deps.db, o.id, o.sellerId)
      out.push(toBuyer(mail.completedBuyerSubject(title), mail.completedBuyer({ name: view.buyerName, title, link })))
      out.push(
        toSeller(
          mail.completedSellerSubject(title),
          mail.completedSeller({ name: view.sellerName, title, amount: formatUsd(ledger.sellerCents), link }),
        ),
      )
    } else if (kind === 'disputed' && o.disputeReason)
      out.push(
        toSeller(
          mail.disputedSubject(title),
          mail.disputed({ name: view.sellerName, title, reason: DISPUTE_WORDS[o.disputeReason], link }),
        ),
      )
    else if (typeof kind === 'object' && 'refunded' in kind)
      out.push(
        toBuyer(
          mail.refundedSubject(title),
          mail.refunded({
            name: view.buyerName,
            title,
            amount: formatUsd(kind.refunded.cents),
            why: kind.refunded.why,
            link,
          }),
        ),
      )
    else if (typeof kind === 'object' && 'cancelled' in kind)
      out.push(
        toSeller(
          mail.cancelledSellerSubject(title),
          mail.cancelledSeller({ name: view.sellerName, title, why: kind.cancelled, link }),
        ),
      )
    else if (typeof kind === 'object' && 'resolved' in kind) {
      out.push(
        toBuyer(
          mail.resolvedSubject(title),
          mail.resolved({ name: view.buyerName, title, outcome: kind.resolved, link }),
        ),
      )
      out.push(
        toSeller(
          mail.resolvedSubject(title),
          mail.resolved({ name: view.sellerName, title, outcome: kind.resolved, link }),
        ),
      )
    }
  }
  for (const message of out) {
    await deps.mailer
      .send({ ...message, kind: 'order' })
      .catch((err: unknown) => deps.log?.warn({ err, orderId }, 'order mail not sent'))
    // the same news under the bell, linking to the order (mailed above: order updates are always mailed)
    if (deps.notify)
      await notify(deps.notify, {
        userId: message.userId,
        kind: 'order',
        text: message.subject,
        link: `/dashboard/orders/${o.id}`,
      })
  }
}

/** The mail of a committed move, sent after the commit; only the mail the process table lists for the move. */
export function mailLater(ctx: MoveCtx, move: OrderMove, orderId: string, kinds: MailKind[]) {
  assertMail(
    move,
    kinds.map((k) => (typeof k === 'string' ? k : Object.keys(k)[0]!)),
  )
  ctx.effects.push(() => sendOrderMail(ctx.deps, orderId, kinds))
}
