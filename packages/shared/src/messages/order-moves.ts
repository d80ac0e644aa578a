/** orders.ts's ORDER_STATUSES (not imported: orders.ts reads these messages through addresses.ts). */
type OrderStatus = 'paid' | 'shipped' | 'completed' | 'disputed' | 'cancelled' | 'refunded'

/** The order's states in words (what a buyer or seller reads). */
const STATE_WORDS: Record<OrderStatus, string> = {
  paid: 'paid and waiting to be shipped',
  shipped: 'shipped',
  completed: 'completed',
  disputed: 'disputed',
  cancelled: 'cancelled',
  refunded: 'refunded',
}

/** The texts of the order's moves: the API's refusals and the timeline's notes. */
export const orderMovesMessages = {
  notFound: 'Order not found',
  /** 409: the move is not possible in the order's current state; the message names it. */
  wrongState: (status: OrderStatus) => `This order is ${STATE_WORDS[status]}: that is not possible now.`,
  onlySeller: 'Only the seller of this order can do that.',
  onlyBuyer: 'Only the buyer of this order can do that.',
  onlyAdmin: 'Only an admin can do that.',
  sellerOrAdmin: 'Only the seller of this order or an admin can do that.',
  adminReasonRequired: 'reason is required: say why (it is kept in the audit log and shown on the order)',
  awaitingAddress: 'The buyer has not given a delivery address yet: the order can be shipped once they do.',
  addressAfterShipping: 'The bag has been shipped: the delivery address can no longer change.',
  refundTooMuch: (left: string) => `amount is more than what is left to refund (${left})`,
  nothingToRefund: 'Everything the buyer paid has been refunded already.',
  amountOnlyWithRefund: 'amount is only for outcome refund',
  refundFailed: 'The card processor could not refund the payment. Nothing was changed; try again.',
  /** A client Idempotency-Key sent again with other parameters (as Stripe answers it). */
  idempotencyKeyReused: (key: string, what: string) =>
    `Idempotency-Key "${key}" was used on this order for another request (${what}). Nothing was done: send a new key for a different request.`,
  accountHasOpenOrders: (n: number) =>
    `This account has ${n} open order${n === 1 ? '' : 's'} (paid, shipped or disputed): it can be deleted once they are closed.`,
  accountHasBalance: (amount: string) =>
    `This account has a balance of ${amount}: it can be deleted once it is paid out or settled.`,
  badRole: 'role must be buyer or seller',
  // timeline notes
  notePaid: 'Paid',
  notePaidAwaitingAddress: 'Paid; waiting for the buyer’s delivery address',
  noteAddressAdded: 'Delivery address added: the seller’s ship-by clock starts',
  noteAddressChanged: 'Delivery address changed',
  noteShipped: (carrier: string, tracking: string) => `Shipped with ${carrier}, tracking ${tracking}`,
  noteConfirmed: 'The buyer confirmed everything is OK',
  noteAutoCompleted: (days: number) => `Completed automatically ${days} day${days === 1 ? '' : 's'} after shipping`,
  noteShipDeadline: 'Not shipped by the ship-by date: cancelled and refunded in full',
  noteSellerCancelled: 'Cancelled by the seller; refunded in full',
  noteAdminCancelled: 'Cancelled by an admin; refunded in full',
  noteAnswered: 'The seller answered the dispute',
  noteReleased: 'Dispute resolved: released to the seller',
  noteRefunded: (amount: string) => `Refunded ${amount}`,
  notePartialRefund: (amount: string) => `Partial refund of ${amount}; the rest goes to the seller`,
  noteReminder: 'Reminder sent to the seller: ship by tomorrow',
} as const

/** Mail sent at each move of an order (docs/product/orders.md#mail). */
export const orderMailMessages = {
  receiptSubject: (title: string) => `Your receipt: ${title}`,
  receipt: (o: {
    name: string
    title: string
    price: string
    shipping: string
    discount: string
    total: string
    orderId: string
    link: string
    awaitingAddress: boolean
  }) =>
    `Hello ${o.name},\n\nThank you for your order on Preloved Bags Co.\n\nItem: ${o.title}\nPrice: ${o.price}\nShipping: ${o.shipping}\nFirst-order discount: -${o.discount}\nTotal paid: ${o.total}\nOrder: ${o.orderId}\n\n${o.awaitingAddress ? 'Please add your delivery address so the seller can ship the bag: ' : 'Follow your order here: '}${o.link}\n`,
  soldSubject: (title: string) => `Sold: ${title}`,
  sold: (o: { name: string; title: string; shipBy: string | null; link: string }) =>
    `Hello ${o.name},\n\nGood news: "${o.title}" has just been bought on Preloved Bags Co.\n\n${
      o.shipBy
        ? `Please ship it by ${o.shipBy}. The buyer's delivery address is on the order page: ${o.link}`
        : `The buyer has not given a delivery address yet: we will tell you when they do. The order page: ${o.link}`
    }\nMark it as shipped there with the carrier and tracking number; if it is not shipped in time the order is cancelled and the buyer refunded.\n`,
  addressSubject: (title: string) => `Ship by the date: ${title}`,
  address: (o: { name: string; title: string; shipBy: string; link: string }) =>
    `Hello ${o.name},\n\nThe buyer of "${o.title}" has given their delivery address. Please ship it by ${o.shipBy}: ${o.link}\n`,
  reminderSubject: (title: string) => `Reminder: ship "${title}" by tomorrow`,
  reminder: (o: { name: string; title: string; shipBy: string; link: string }) =>
    `Hello ${o.name},\n\n"${o.title}" must be shipped by ${o.shipBy}, or the order is cancelled and the buyer refunded. Mark it as shipped on the order page: ${o.link}\n`,
  shippedSubject: (title: string) => `Shipped: ${title}`,
  shipped: (o: {
    name: string
    title: string
    carrier: string
    tracking: string
    autoCompleteAt: string
    link: string
  }) =>
    `Hello ${o.name},\n\n"${o.title}" is on its way with ${o.carrier}, tracking number ${o.tracking}.\n\nWhen it arrives and all is well, press "Everything is OK" on the order page. If something is wrong, report a problem there before ${o.autoCompleteAt}, when the order completes by itself: ${o.link}\n`,
  completedBuyerSubject: (title: string) => `Order completed: ${title}`,
  completedBuyer: (o: { name: string; title: string; link: string }) =>
    `Hello ${o.name},\n\nYour order of "${o.title}" is completed. Thank you for shopping preloved!\n\n${o.link}\n`,
  completedSellerSubject: (title: string) => `Completed: ${title}`,
  completedSeller: (o: { name: string; title: string; amount: string; link: string }) =>
    `Hello ${o.name},\n\nThe order of "${o.title}" is completed: ${o.amount} (after commission) is now available in your earnings.\n\n${o.link}\n`,
  refundedSubject: (title: string) => `Refund: ${title}`,
  refunded: (o: { name: string; title: string; amount: string; why: string; link: string }) =>
    `Hello ${o.name},\n\n${o.amount} has been refunded to your card for "${o.title}" (${o.why}). It can take a few days to show on your statement.\n\n${o.link}\n`,
  cancelledSellerSubject: (title: string) => `Order cancelled: ${title}`,
  cancelledSeller: (o: { name: string; title: string; why: string; link: string }) =>
    `Hello ${o.name},\n\nThe order of "${o.title}" was cancelled (${o.why}) and the buyer refunded. The bag is for sale again.\n\n${o.link}\n`,
  disputedSubject: (title: string) => `A problem was reported: ${title}`,
  disputed: (o: { name: string; title: string; reason: string; link: string }) =>
    `Hello ${o.name},\n\nThe buyer of "${o.title}" reported a problem (${o.reason}). The money is held until the shop resolves it. Answer on the order page: ${o.link}\n`,
  resolvedSubject: (title: string) => `Dispute resolved: ${title}`,
  resolved: (o: { name: string; title: string; outcome: string; link: string }) =>
    `Hello ${o.name},\n\nThe dispute about "${o.title}" is resolved: ${o.outcome}.\n\n${o.link}\n`,
} as const
