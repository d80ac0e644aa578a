/** The texts of payments. */
export const paymentsMessages = {
  success: 'Congrats! Your payment is complete',
  transactionId: 'Your transaction ID',
  alreadyPaid: 'This order has already been paid.',
  soldToOther: 'Sorry, this bag was sold to another customer. You have not been charged.',
  /** The card was charged a moment before someone else's payment sold the bag: the charge is given back. */
  holdTakenRefunded:
    'Your hold had expired and another customer is buying this bag now. Your payment has been refunded.',
  soldToOtherRefunded: 'Sorry, this bag was sold to another customer just before your payment. It has been refunded.',
  holdTaken: 'Your hold has expired and another customer is holding this bag now.',
  /** A payment hold (docs/decisions/034): another buyer's payment came first. */
  paidFirstByOther: 'Another buyer paid for this bag first, so it is theirs. You have not been charged.',
  paidFirstRefunded:
    'Another buyer paid for this bag a moment before you, so it is theirs. Your payment has been refunded.',
  notVerified: 'The payment could not be confirmed with the card processor.',
  /** The test processor refuses an intent whose amount is no longer valid; the page then loads the fresh one. */
  discountMoved: (amount: string) =>
    `This price is no longer valid: the first-order discount moved to your other bag. The amount is now ${amount}.`,
  discountUsed: (amount: string) =>
    `This price is no longer valid: your first-order discount was used on another order. The amount is now ${amount}.`,
  priceChanged: (amount: string) => `This price is no longer valid. The amount is now ${amount}.`,
  /** Two payment pages of one customer opened at the same instant: one of them asks again. */
  changedElsewhere: 'Your payment was changed in another window. Reload this page to see the amount to pay.',
  staleIntent: 'This price is no longer valid: the amount to pay was updated above. Check it and pay again.',
  processorUnreachable: 'The card processor could not be reached. Please try again in a moment.',
  /** A call to Stripe (payments, refunds, payouts, payout accounts) that found no Stripe to answer it. */
  stripeUnreachable: 'Stripe, our payment provider, could not be reached. Please try again in a moment.',
  /** A call to Stripe that Stripe answered with a refusal the shop did not expect. */
  stripeRefused: 'Stripe, our payment provider, refused the request. Please try again later.',
  alreadyCharged: 'This payment has already been charged. Find the order in My Orders.',
  renewalCancelled: 'This order was cancelled: the listing is no longer for sale.',
  cardNumberIncorrect: 'Your card number is incorrect.',
  notTestCard: 'TEST MODE: use a test card such as 4242 4242 4242 4242. No real card is ever charged here.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  zipIncomplete: 'Your postal code is incomplete.',
  notFound: 'Payment not found',
  webhooksDisabled: 'Stripe webhooks are not enabled on this server',
  webhookNotJson: 'Stripe webhooks are sent as application/json',
  webhookSignatureMissing: 'Missing Stripe-Signature header',
  webhookSignatureInvalid: 'Invalid Stripe webhook signature',
} as const
