/** Every path of SPEC §2 in one place; build links with these, never by hand. */
export const paths = {
  home: () => '/',
  blogs: () => '/blogs',
  categories: () => '/categories',
  category: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  login: () => '/login',
  signup: () => '/signup',
  dashboard: {
    root: () => '/dashboard',
    myOrders: () => '/dashboard/myOrders',
    wishlist: () => '/dashboard/wishlist',
    payment: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}`,
    allCustomers: () => '/dashboard/allCustomers',
    allSellers: () => '/dashboard/allSellers',
    reportedItems: () => '/dashboard/reportedItems',
    addProducts: () => '/dashboard/addProducts',
    myProducts: () => '/dashboard/myProducts',
  },
} as const
