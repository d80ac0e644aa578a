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
} as const
