import { messages } from '@preloved/shared/messages'
import type { DbOrTx } from '../../db/client.ts'
import { raiseFlag } from './flags.ts'
import { sharedSignals } from './signals.ts'

const m = messages.risk

/**
 * Flags a paid order whose buyer and seller share a signal (docs/decisions/029), in the payment's transaction. A
 * shared device or payout account also holds the seller's money from the order until an admin dismisses the flag; a
 * shared IP alone (a café, an office) only tells the admin.
 */
export async function flagLinkedOrder(
  tx: DbOrTx,
  order: { id: string; productId: string; buyerId: string; sellerId: string },
  at: Date,
): Promise<boolean> {
  const signals = await sharedSignals(tx, order.buyerId, order.sellerId)
  if (signals.length === 0) return false
  const holdsPayout = signals.includes('device') || signals.includes('payout_account')
  return raiseFlag(
    tx,
    {
      kind: 'linked_accounts',
      key: order.id,
      orderId: order.id,
      productId: order.productId,
      userIds: [order.buyerId, order.sellerId],
      reason: `${m.linkedReason(signals.map((s) => m.signal[s]))}${holdsPayout ? ` ${m.linkedHoldsPayout}` : ''}`,
      detail: { signals, holdsPayout },
    },
    at,
  )
}
