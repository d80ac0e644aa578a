/** The texts of bookings. */
export const bookingsMessages = {
  confirmed: 'Booking confirmed',
  noOrders: 'You have no Order to Show',
  phoneRequired: 'Phone Number is required',
  locationRequired: 'Location is required',
  ownItem: 'You cannot book your own bag.',
  sold: 'Sorry, this bag has already been sold.',
  reserved: 'This bag is reserved by another customer right now. Try again later.',
  alreadyYours: 'You have already booked this bag. Find it in My Orders.',
  notFound: 'Booking not found',
  holdExpired: 'Hold expired',
  /** An expired hold is renewed (by starting to pay) once at most: then the bag is open to every customer. */
  renewalUsed:
    'Your hold on this bag ran out after it was already renewed once. The bag is open to other customers now: book it again later if it is still for sale.',
  /** After a hold of yours ran out, the bag stays open to others for HOLD_MINUTES before you may book it again. */
  bookAgainLater: (minutes: number) =>
    `Your hold on this bag ran out a moment ago, so other customers get a turn. You can book it again in ${minutes} minute${minutes === 1 ? '' : 's'} if it is still for sale.`,
  tooManyHolds: (max: number) =>
    `You are already holding ${max} bags. Pay for one or let a hold run out before booking another.`,
  reservedLabel: 'Reserved',
  /** Book Now on a bag that is cooling down after an unpaid hold ran out (docs/decisions/034). */
  paymentHoldTitle: (minutes: number) => `Pay within ${minutes} minute${minutes === 1 ? '' : 's'} to secure this bag`,
  paymentHoldNote:
    'A hold on this bag ran out a moment ago, so it is open to every buyer: other buyers can pay for it at the same time, and the first payment gets it. If someone pays before you, your card is not charged (or the payment is refunded at once).',
  /** A payment hold's time ran out: it is never renewed. */
  paymentHoldEnded:
    'Your payment window for this bag has ended. Book it again if it is still for sale: the first payment gets it.',
  /** Starting to pay an expired hold while the bag cools down: no renewal, book again for a payment hold. */
  coolingDown: (minutes: number) =>
    `Your hold on this bag ran out, so it is open to every buyer for now. Book it again and pay within ${minutes} minute${minutes === 1 ? '' : 's'} to secure it: the first payment gets it.`,
} as const
