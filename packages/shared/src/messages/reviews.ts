/** reviews.ts's Badge and orders.ts's ORDER_STATUSES (not imported: messages stay free of the schemas). */
type Badge = 'ships_fast' | 'top_rated' | 'verified'
type OrderStatus = 'paid' | 'shipped' | 'completed' | 'disputed' | 'cancelled' | 'refunded'

const STATE_WORDS: Record<OrderStatus, string> = {
  paid: 'paid and not shipped yet',
  shipped: 'shipped and not completed yet',
  completed: 'completed',
  disputed: 'disputed',
  cancelled: 'cancelled',
  refunded: 'refunded',
}

const stars = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`
const reviewsWord = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'review' : 'reviews'}`

/** Reviews and badges (docs/product/reviews.md): the API's refusals, notifications, mail and screens. */
export const reviewsMessages = {
  // the API
  notFound: 'Review not found',
  orderNotFound: 'Order not found',
  onlyBuyer: 'Only the buyer of this order can review it.',
  onlySeller: 'Only the seller who was reviewed can reply.',
  /** 409: the order is not completed; the message names its state. */
  notCompleted: (status: OrderStatus) =>
    `This order is ${STATE_WORDS[status]}: it can be reviewed once it is completed.`,
  windowClosed: (days: number, closedOn: string) =>
    `Reviews are open for ${days} days after an order completes: this order's closed on ${closedOn}.`,
  alreadyReviewed: 'This order has been reviewed already: a review is written once.',
  alreadyReplied: 'This review has a reply already: a seller replies once.',

  // notifications and mail
  reviewed: (buyer: string, rating: number, title: string) => `${buyer} gave you ${stars(rating)} for ${title}`,
  reviewedSubject: (title: string) => `A new review: ${title}`,
  reviewedMail: (o: { name: string; buyer: string; rating: number; title: string; text: string; link: string }) =>
    `Hello ${o.name},\n\n${o.buyer} reviewed "${o.title}": ${stars(o.rating)} out of 5.${o.text ? `\n\n"${o.text}"` : ''}\n\nYou can reply once, on the order page: ${o.link}\n`,
  replied: (seller: string, title: string) => `${seller} replied to your review of ${title}`,
  repliedSubject: (title: string) => `A reply to your review: ${title}`,
  repliedMail: (o: { name: string; seller: string; title: string; reply: string; link: string }) =>
    `Hello ${o.name},\n\n${o.seller} replied to your review of "${o.title}":\n\n"${o.reply}"\n\nThe order: ${o.link}\n`,

  // screens
  heading: 'Review',
  leaveReview: 'Leave a review',
  leaveReviewLead: (seller: string) => `How was buying from ${seller}? Your stars and words help the next buyer.`,
  reviewUntil: (date: string) => `You can review this order until ${date}.`,
  ratingLegend: 'Your rating',
  ratingRequired: 'Choose from 1 to 5 stars',
  starOption: (n: number) => stars(n),
  textLabel: 'Your review (optional)',
  textHint: (max: number) => `Up to ${max.toLocaleString('en-US')} characters. What was the bag like, and the seller?`,
  submit: 'Post review',
  posted: 'Thank you: your review is posted.',
  yourReview: 'Your review',
  buyersReview: "The buyer's review",
  noReviewYet: 'The buyer has not reviewed this order.',
  windowClosedNote: (date: string) => `The time to review this order ended on ${date}.`,
  notYet: 'You can review the seller once the order is completed.',
  replyLabel: 'Your reply',
  replyHint: 'Shown under the review on your profile. You can reply once.',
  postReply: 'Post reply',
  replyPosted: 'Your reply is posted.',
  sellerReply: (seller: string) => `Reply from ${seller}`,
  /** The stars as a screen reader reads them. */
  rated: (average: number) => `Rated ${average.toFixed(1)} out of 5`,
  ratedShort: (rating: number) => `${stars(rating)} out of 5`,
  reviewCount: reviewsWord,
  noRatings: 'No reviews yet',
  reviewsHeading: 'Reviews',
  reviewsLead: (n: number) => `${reviewsWord(n)} from buyers who bought and received a bag.`,
  noReviews: (name: string) => `${name} has no reviews yet`,
  noReviewsHint: 'Buyers review a seller after their order is completed.',
  boughtItem: (title: string) => `Bought ${title}`,
  loadMore: 'More reviews',
  badgeLabel: {
    ships_fast: 'Ships fast',
    top_rated: 'Top rated',
    verified: 'Verified',
  } satisfies Record<Badge, string>,
  /** What each badge means, as its tooltip and for screen readers. */
  badgeMeaning: {
    ships_fast: 'Ships most orders within 48 hours of payment',
    top_rated: 'Rated 4.8 or more from at least 10 reviews',
    verified: 'Checked by the Preloved Bags Co. team',
  } satisfies Record<Badge, string>,
  badgesLabel: 'Seller badges',
} as const
