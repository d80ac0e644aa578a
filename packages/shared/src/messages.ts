import { homeMessages, navMessages } from './site-messages.ts'

export { homeMessages, navMessages }

/** Every user-facing text of SPEC.md, word for word, in one place for the web app and the server. */
export const messages = {
  common: {
    notFoundPage: "Page doesn't exist or an error occured",
    routeError: 'Something went wrong!!!',
    signOut: 'Sign out',
    routeNotFound: 'Route not found',
    /** A request refused by a schema without a message of its own. */
    invalidRequest: 'Invalid request',
    invalidCursor: 'cursor is not a valid paging cursor',
  },
  auth: {
    emailRequired: 'email is required',
    passwordRequired: 'password is required',
    passwordMin: 'Password must be 6 characters or long',
    passwordRule: 'Password must have uppercase, number and special characters',
    nameRequired: 'name is required',
    nameTooLong: 'name must be at most 80 characters',
    loggedIn: 'User logged in successfully!',
    created: 'User Created Successfully.',
    signedIn: 'User Signed in Successfully.',
    discountLine: '...get 15% off on your first order!*',
    discountCondition: '*on your first order, applied at checkout',
    googleNotConfigured: 'Google sign-in is not set up on this site. Please use your email and password.',
    invalidCredentials: 'Invalid email or password',
    signInRequired: 'Please sign in to continue.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    forbidden: 'You are not allowed to do that.',
    notYourEmail: 'You can only ask about your own account.',
    adminRoleRefused: 'role must be customer or seller',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    resetSent: 'If an account exists for that email, we have sent it a link to reset the password.',
    resetDone: 'Your password has been changed. Please log in with the new one.',
    resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
    /** Where the ADMIN_EMAIL account's setup link lands, once the address is confirmed. */
    adminSetupTitle: 'Choose the admin password',
    adminSetupLead: 'Your address is confirmed and this account is now the admin. Choose its password, then log in.',
    adminSetupInvalid:
      'This setup link is invalid, used or expired. If you chose the password already, log in; if not, restart the server for a fresh link.',
    untrustedOrigin: 'This request did not come from this site.',
    providerFailed: 'Google sign-in did not complete. Please try again, or use your email and password.',
    otherAccountNeeded: 'The page you opened needs another account. Sign in with it to continue.',
  },
  products: {
    nameRequired: 'name is required',
    phoneRequired: 'Phone Number is required',
    originalPriceRequired: 'Original price is required',
    resellPriceRequired: 'Resell price is required',
    locationRequired: 'location is required',
    yearRequired: 'Purchase year is required',
    imageRequired: 'Image is required',
    descriptionRequired: 'description is required',
    added: (name: string) => `${name} is added successfully`,
    deleted: (name: string) => `${name} deleted successfully`,
    advertised: 'Advertised successfully',
    notFound: 'Product not found',
    categoryNotFound: 'Category not found',
    photoNotYours: 'Only a photo you uploaded can go on your listing. Upload your own photo of the bag.',
    notOurImage: 'img must be a photo uploaded to this site (POST /api/images)',
    notYours: 'This listing is not yours.',
    soldNoDelete: 'This bag has been sold: it cannot be deleted, and it is already hidden from the shop.',
    soldNoAdvertise: 'This bag has been sold and can no longer be advertised.',
    noProducts: 'You have not added any products yet.',
  },
  users: {
    verified: 'Verified successfully',
    noCustomers: 'No Customer to Show',
    noSellers: 'No Seller to Show',
    notFound: 'User not found',
    notSeller: 'Only sellers can be verified.',
    notSelf: 'You cannot delete your own account.',
    notAdmin: 'Admins cannot be deleted here.',
  },
  bookings: {
    confirmed: 'Booking confirmed',
    noOrders: 'You have no Order to Show',
    phoneRequired: 'Phone Number is required',
    locationRequired: 'location is required',
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
  },
  wishlists: {
    added: 'Added to wishlist',
    empty: 'You have no products in wishlist',
    entryNotFound: 'Wishlist entry not found',
  },
  payments: {
    success: 'Congrats! your payment completed',
    transactionId: 'Your transactionId',
    alreadyPaid: 'This order has already been paid.',
    soldToOther: 'Sorry, this bag was sold to another customer. You have not been charged.',
    /** The card was charged a moment before someone else's payment sold the bag: the charge is given back. */
    holdTakenRefunded:
      'Your hold had expired and another customer is buying this bag now. Your payment has been refunded.',
    soldToOtherRefunded: 'Sorry, this bag was sold to another customer just before your payment. It has been refunded.',
    holdTaken: 'Your hold has expired and another customer is holding this bag now.',
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
  },
  reports: {
    thanks: 'Thanks — our team will review this listing.',
    reasonRequired: 'Choose a reason for your report.',
    alreadyOpen: 'You have already reported this listing. Our team will review it.',
    empty: 'No reported items',
    notFound: 'No open reports for this listing',
  },
  confirm: {
    title: 'Are you sure you want to delete?',
    message: (name: string) => `If you delete ${name}. It cannot be undone!!`,
  },
  nav: navMessages,
  home: homeMessages,
  /** The photo upload (POST /api/images) and its storage. */
  images: {
    notMultipart: 'Send the photo as multipart/form-data in the field "image".',
    malformedUpload: 'The upload is not valid multipart/form-data. Send the photo in the field "image".',
    tooLarge: 'The photo is larger than 10 MB. Please choose a smaller one.',
    tooManyPixels: 'The photo has more than 40 megapixels. Please choose a smaller one.',
    tooManyPixelsSized: (width: number, height: number) =>
      `The photo is ${width}×${height} pixels; at most 40 megapixels are accepted.`,
    notAnImage: (accepted: string) => `The file is not an image we accept. Upload a ${accepted} photo.`,
    formatRefused: (format: string | undefined, accepted: string) =>
      `${format ? format.toUpperCase() : 'This'} files are not accepted. Upload a ${accepted} photo.`,
    unreadable: (accepted: string) => `The photo could not be read. Upload a ${accepted} photo.`,
    storageFull: 'The photo could not be saved: the server has run out of storage space. Please try again later.',
    storageNotWritable:
      'The photo could not be saved: the server cannot write to its photo storage. Please try again later.',
  },
  mail: {
    outboxEmpty: 'No mail yet',
  },
  blogs: {
    title: 'Our Blog',
    tagline: 'Catch Our Latest Blogs on technology and Libraries',
  },
} as const
