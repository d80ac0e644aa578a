/** Every user-facing text of SPEC.md, word for word, in one place for the web app and the server. */
export const messages = {
  common: {
    notFoundPage: "Page doesn't exist or an error occured",
    routeError: 'Something went wrong!!!',
    signOut: 'Sign out',
    routeNotFound: 'Route not found',
  },
  auth: {
    emailRequired: 'email is required',
    passwordRequired: 'password is required',
    passwordMin: 'Password must be 6 characters or long',
    passwordRule: 'Password must have uppercase, number and special characters',
    nameRequired: 'name is required',
    loggedIn: 'User logged in successfully!',
    created: 'User Created Successfully.',
    signedIn: 'User Signed in Successfully.',
    discountLine: '...get 15% off on your first order!*',
    discountCondition: '*on your first order, applied at checkout',
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
    noProducts: 'You have not added any products yet.',
  },
  users: {
    verified: 'Verified successfully',
    noCustomers: 'No Customer to Show',
    noSellers: 'No Seller to Show',
  },
  bookings: {
    confirmed: 'Booking confirmed',
    noOrders: 'You have no Order to Show',
  },
  wishlists: {
    added: 'Added to wishlist',
    empty: 'You have no products in wishlist',
  },
  payments: {
    success: 'Congrats! your payment completed',
    transactionId: 'Your transactionId',
  },
  confirm: {
    title: 'Are you sure you want to delete?',
    message: (name: string) => `If you delete ${name}. It cannot be undone!!`,
  },
} as const
