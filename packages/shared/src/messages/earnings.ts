/** The texts of seller earnings, payouts and payout accounts. */
export const earningsMessages = {
  sellersOnly: 'Earnings are for sellers.',
  sellerNotFound: 'Seller not found',
  /** An admin reading earnings names the seller. */
  sellerIdRequired: 'sellerId is required',
  noPayoutAccount: 'Add a payout account before asking for a payout.',
  onboardingUnfinished: 'Finish setting up your payout account with Stripe before asking for a payout.',
  nothingAvailable: 'You have no available balance to pay out.',
  /** Stripe refused the transfer for good: the money is back in the available balance. */
  transferRefused: 'Stripe refused the payout. Your balance is unchanged; check your payout account and try again.',
  /** Stripe could not be reached: the payout stays pending and is sent again with the next request. */
  transferPending: 'Stripe could not be reached. Your payout is pending and will be sent again on your next request.',
  accountBodyRequired: 'holderName is required',
  accountSaved: 'Payout account saved',
  payoutRequested: 'Payout on its way',
  orderNotFound: 'Order not found',
  noOpenChargeback: (state: string) => `This order has no open card chargeback (it is ${state}).`,
  payoutMailSubject: (amount: string) => `Payout of ${amount} on its way`,
  payoutMailText: (name: string, amount: string, destination: string) =>
    `Hello ${name},\n\nWe have sent ${amount} from your available balance to ${destination}. It usually arrives within a few business days.\n\nYour earnings are in your dashboard.\n`,
} as const
