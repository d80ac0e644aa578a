import type { Booking } from '@preloved/shared/bookings'
import { BOOKING_STATUSES } from '@preloved/shared/constants'
import { listParser, objectParser, type Shape } from '@/lib/shape-parser'

// The shared bookingSchema's fields, checked by hand: the category, product and payment pages read bookings without
// downloading zod (lib/shape-parser.ts).
const bookingShape: Shape<Booking> = {
  _id: 'string',
  img: 'string',
  bag: 'string',
  product_id: 'string',
  category: 'string',
  price: 'number',
  discount: 'number',
  amountPaid: { nullable: 'number' },
  customer: 'string',
  email: 'string',
  number: 'string',
  location: 'string',
  paid: 'boolean',
  status: BOOKING_STATUSES,
  expiresAt: 'string',
  date: 'string',
  soldToSomeoneElse: 'boolean',
  canBookAgain: 'boolean',
}

export const bookingParser = objectParser<Booking>(bookingShape)
export const bookingListParser = listParser<Booking>(bookingShape)
