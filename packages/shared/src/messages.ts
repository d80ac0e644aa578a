import { addressesMessages } from './messages/addresses.ts'
import { authMessages } from './messages/auth.ts'
import { blogsMessages } from './messages/blogs.ts'
import { bookingsMessages } from './messages/bookings.ts'
import { brandsMessages } from './messages/brands.ts'
import { commonMessages } from './messages/common.ts'
import { confirmMessages } from './messages/confirm.ts'
import { conversationsMessages } from './messages/conversations.ts'
import { earningsMessages } from './messages/earnings.ts'
import { imagesMessages } from './messages/images.ts'
import { listingFormMessages } from './messages/listing-form.ts'
import { listingsMessages } from './messages/listings.ts'
import { liveMessages } from './messages/live.ts'
import { mailMessages } from './messages/mail.ts'
import { notificationsMessages } from './messages/notifications.ts'
import { offersMessages } from './messages/offers.ts'
import { orderMailMessages, orderMovesMessages } from './messages/order-moves.ts'
import { paymentsMessages } from './messages/payments.ts'
import { postsMessages } from './messages/posts.ts'
import { productPageMessages } from './messages/product-page.ts'
import { productsMessages } from './messages/products.ts'
import { reportsMessages } from './messages/reports.ts'
import { reviewsMessages } from './messages/reviews.ts'
import { riskMessages } from './messages/risk.ts'
import { searchMessages } from './messages/search.ts'
import { sellersMessages } from './messages/sellers.ts'
import { settingsMessages } from './messages/settings.ts'
import { usersMessages } from './messages/users.ts'
import { wishlistsMessages } from './messages/wishlists.ts'
import { homeMessages, navMessages } from './site-messages.ts'

export { homeMessages, navMessages }

/**
 * Every user-facing text, word for word, for the web app and the server: one module per domain in
 * messages/ (a page or module may import only its own), composed here into the one `messages` object.
 */
export const messages = {
  addresses: addressesMessages,
  common: commonMessages,
  auth: authMessages,
  products: productsMessages,
  users: usersMessages,
  bookings: bookingsMessages,
  wishlists: wishlistsMessages,
  payments: paymentsMessages,
  reports: reportsMessages,
  confirm: confirmMessages,
  nav: navMessages,
  home: homeMessages,
  images: imagesMessages,
  mail: mailMessages,
  blogs: blogsMessages,
  posts: postsMessages,
  settings: settingsMessages,
  search: searchMessages,
  listings: listingsMessages,
  productPage: productPageMessages,
  sellers: sellersMessages,
  listingForm: listingFormMessages,
  brands: brandsMessages,
  orderMoves: orderMovesMessages,
  orderMail: orderMailMessages,
  earnings: earningsMessages,
  offers: offersMessages,
  conversations: conversationsMessages,
  live: liveMessages,
  notifications: notificationsMessages,
  reviews: reviewsMessages,
  risk: riskMessages,
} as const
