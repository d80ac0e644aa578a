// The header's, footer's and home page's texts (word for word), in their own module: the home page imports
// these by name and so carries none of the other screens' texts (docs/decisions/003). `messages` includes them too.
export const navMessages = {
  home: 'Home',
  shop: 'Shop',
  blogs: 'Blogs',
  login: 'Login',
  dashboard: 'Dashboard',
  logOut: 'Log Out',
  myOrders: 'My Orders',
  myWishlist: 'My Wishlist',
  addresses: 'Addresses',
  allCustomers: 'All Customers',
  allSellers: 'All Sellers',
  reportedItems: 'Reported Items',
  addProduct: 'Add Product',
  myProducts: 'My Products',
  mySales: 'My Sales',
  outbox: 'Outbox',
  posts: 'Posts',
  settings: 'Settings',
  earnings: 'Earnings',
  orders: 'Orders',
  disputes: 'Disputes',
  copyright: '© 2026 Preloved Bags Co. All rights reserved.',
  loading: 'Loading',
} as const

export const homeMessages = {
  shopNow: 'Shop Now',
  explore: 'Explore',
  sellToUs: 'Sell to us',
  letsGo: "Let's Go",
  sellYourBag: 'Sell your bag',
  categoriesHeading: 'Categories We offer',
  categoriesLead: 'Buy from us',
  checkOut: 'Check Out now',
} as const
