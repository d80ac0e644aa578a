/** offers.ts's OFFER_STATUSES (not imported: offers.ts may come to read these messages). */
type OfferStatus = 'pending' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired'

/** Where an offer stands, as a sentence (the 409 of a move its state does not allow). */
const STATE_SENTENCES: Record<OfferStatus, string> = {
  pending: 'This offer is still waiting for the seller',
  countered: 'This offer has a counter-offer waiting for the buyer',
  accepted: 'This offer has been accepted',
  declined: 'This offer has been declined',
  withdrawn: 'This offer has been withdrawn',
  expired: 'This offer has expired',
}

/**
 * The texts of offers (docs/product/offers.md): the API's refusals, the notifications and mail, and the
 * product page's dialog and the dashboard's offers pages. Vinted's and Vestiaire Collective's words where our own rules are
 * silent.
 */
export const offersMessages = {
  // refusals (API)
  notFound: 'Offer not found',
  ownBag: 'You cannot make an offer on your own bag.',
  /** Either party blocked the other: neutral on purpose (the blocked party is not told why). */
  notPossible: 'You cannot make an offer on this bag.',
  belowMinimum: (lowest: string, percent: number) =>
    `amount must be at least ${lowest} (${percent}% of the price): that is the lowest offer allowed on this bag`,
  notBelowPrice: (price: string) => `amount must be less than the price (${price}): at the price, book the bag instead`,
  sold: 'This bag has been sold: it no longer takes offers.',
  held: 'This bag is held for another buyer right now: it takes offers again if they do not pay.',
  alreadyOpen: 'You already have an offer on this bag waiting for the seller. Withdraw it before making another.',
  alreadyCountered:
    'The seller answered your offer on this bag with a counter-offer: accept or decline it before making another.',
  /** 409: the move is not possible in the offer's current state; the message names it. */
  wrongState: (status: OfferStatus) => `${STATE_SENTENCES[status]}: that is not possible now.`,
  onlySeller: 'Only the seller of this bag can do that.',
  onlyBuyer: 'Only the buyer who made this offer can do that.',
  sellerDecides: 'Your offer is waiting for the seller: only they can accept or decline it.',
  buyerDecides: 'Your counter-offer is waiting for the buyer: only they can accept or decline it.',
  counterRange: (above: string, below: string) =>
    `amount must be more than the offer (${above}) and less than the price (${below})`,
  /** Accepting while someone else's booking holds the bag, or it sold. */
  bagReserved:
    'A customer is paying for this bag right now: the offer cannot be accepted meanwhile. Try again once the hold ends.',
  bagHeldForOffer: 'This bag is already held for another accepted offer: the offer cannot be accepted meanwhile.',
  bagGone: 'This bag is no longer for sale.',
  /** POST /api/bookings by anyone but the buyer of an accepted offer while it holds the bag. */
  heldForOfferBooking: 'This bag is held for a buyer whose offer was accepted. Try again later.',

  // notifications and mail
  received: (buyer: string, amount: string, title: string) => `${buyer} offered ${amount} for "${title}"`,
  countered: (seller: string, amount: string, title: string) =>
    `${seller} answered your offer on "${title}" with a counter-offer of ${amount}`,
  acceptedBySeller: (seller: string, amount: string, title: string, until: string) =>
    `${seller} accepted your offer of ${amount} for "${title}": the bag is held for you until ${until}`,
  acceptedByBuyer: (buyer: string, amount: string, title: string, until: string) =>
    `${buyer} accepted your counter-offer of ${amount} for "${title}": the bag is held for them until ${until}`,
  declinedBySeller: (seller: string, amount: string, title: string) =>
    `${seller} declined your offer of ${amount} for "${title}"`,
  declinedByBuyer: (buyer: string, amount: string, title: string) =>
    `${buyer} declined your counter-offer of ${amount} for "${title}"`,
  declinedSold: (amount: string, title: string) => `"${title}" has been sold: your offer of ${amount} was declined`,
  declinedGone: (amount: string, title: string) =>
    `"${title}" is no longer for sale: your offer of ${amount} was declined`,
  expiredForBuyer: (amount: string, title: string) =>
    `Your offer of ${amount} for "${title}" expired without an answer`,
  expiredForSeller: (amount: string, title: string) => `The offer of ${amount} for "${title}" expired`,
  counterExpiredForBuyer: (amount: string, title: string) =>
    `The counter-offer of ${amount} for "${title}" expired without an answer`,
  counterExpiredForSeller: (amount: string, title: string) => `Your counter-offer of ${amount} for "${title}" expired`,
  holdLapsedForBuyer: (amount: string, title: string) =>
    `Your accepted offer of ${amount} for "${title}" was not paid in time: the bag is for sale again`,
  holdLapsedForSeller: (amount: string, title: string) =>
    `The accepted offer of ${amount} for "${title}" was not paid in time: the bag is for sale again`,
  mailText: (name: string, text: string, link: string) =>
    `Hello ${name},\n\n${text}.\n\nSee your offers on Preloved Bags Co.: ${link}\n`,

  // the web app
  myOffers: 'My Offers',
  myOffersLead: 'The offers you made: answer a counter-offer, withdraw an offer, or pay for an accepted one.',
  offersReceived: 'Offers Received',
  offersReceivedLead: 'Offers buyers made on your bags: accept, decline or counter each one before it expires.',
  noOffersMade: 'You have not made an offer yet',
  noOffersMadeHint: 'On a bag you like, press "Make an offer" and name your price.',
  noOffersReceived: 'No offers on your bags yet',
  noOffersReceivedHint: 'When a buyer makes an offer on one of your bags, it shows up here.',
  loadMore: 'Load more',
  makeOffer: 'Make an offer',
  dialogDescription: (hours: number) =>
    `Name your price. The seller has ${hours} hours to accept, decline or answer with a counter-offer.`,
  listPrice: 'Price',
  yourOffer: 'Your offer',
  amountLabel: 'Your offer (USD)',
  lowestAllowed: (amount: string) => `The lowest offer allowed on this bag is ${amount}.`,
  amountRequired: 'amount is required',
  send: 'Send offer',
  sent: 'Offer sent: the seller has been told.',
  cancel: 'Cancel',
  /** The product page, under the buttons: the viewer's own standing offer. */
  yourPending: (amount: string) => `Your offer of ${amount} is waiting for the seller.`,
  yourCountered: (amount: string) => `The seller answered with a counter-offer of ${amount}.`,
  yourAccepted: (amount: string) => `Your offer was accepted: the bag is held for you at ${amount}.`,
  seeOffers: 'See My Offers',
  status: {
    pending: 'Waiting for the seller',
    countered: 'Counter-offer',
    accepted: 'Accepted',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
    expired: 'Expired',
  } satisfies Record<OfferStatus, string>,
  /** The seller's page: a pending offer waits for them. */
  statusForSeller: {
    pending: 'Waiting for your answer',
    countered: 'Counter-offer sent',
    accepted: 'Accepted',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
    expired: 'Expired',
  } satisfies Record<OfferStatus, string>,
  offerLine: (amount: string) => `Offer: ${amount}`,
  counterLine: (amount: string) => `Counter-offer: ${amount}`,
  agreedLine: (amount: string) => `Agreed price: ${amount}`,
  priceLine: (amount: string) => `Listed at ${amount}`,
  fromBuyer: (name: string) => `From ${name}`,
  toSeller: (name: string) => `Seller: ${name}`,
  expiresIn: 'Expires',
  heldUntil: 'Held for you until',
  heldForBuyerUntil: 'Held for the buyer until',
  accept: 'Accept',
  decline: 'Decline',
  counter: 'Counter',
  withdraw: 'Withdraw',
  acceptCounter: 'Accept counter-offer',
  declineCounter: 'Decline counter-offer',
  payNow: 'Pay now',
  continuePayment: 'Continue to payment',
  viewOrder: 'View order',
  accepted: 'Offer accepted: the bag is held for the buyer.',
  declined: 'Offer declined.',
  counterSent: 'Counter-offer sent.',
  withdrawn: 'Offer withdrawn.',
  counterAccepted: 'Counter-offer accepted: the bag is held for you. Pay now to buy it.',
  counterDeclined: 'Counter-offer declined.',
  counterTitle: 'Make a counter-offer',
  counterDescription: (offer: string, price: string) =>
    `The buyer offered ${offer}. Name a price above their offer and below ${price}; you can counter once.`,
  counterLabel: 'Counter-offer (USD)',
  sendCounter: 'Send counter-offer',
  confirmAcceptTitle: 'Accept this offer?',
  confirmAcceptBody: (amount: string, hours: number) =>
    `The bag is held for the buyer at ${amount} for ${hours} hours while they pay.`,
  confirmDeclineTitle: 'Decline this offer?',
  confirmWithdrawTitle: 'Withdraw your offer?',
  confirmAcceptCounterTitle: 'Accept the counter-offer?',
  confirmAcceptCounterBody: (amount: string, hours: number) =>
    `The bag is held for you at ${amount} for ${hours} hours: pay within that time to buy it.`,
  confirmDeclineCounterTitle: 'Decline the counter-offer?',
  bookingOpen: 'Booked at the agreed price: finish paying before the hold ends.',
  paidNote: 'Paid: this is an order now.',
} as const
