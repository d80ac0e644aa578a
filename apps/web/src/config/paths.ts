/** Every path of docs/product/storefront.md#pages in one place; build links with these, never by hand. */
export const paths = {
  home: () => '/',
  blogs: () => '/blogs',
  blogPost: (slug: string) => `/blogs/${encodeURIComponent(slug)}`,
  categories: () => '/categories',
  category: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  /** docs/product/listings.md#seller-profile: a seller's public profile (the listing's `sellerId`). */
  seller: (id: string) => `/seller/${encodeURIComponent(id)}`,
  /** docs/product/search.md: the search page, its state in the query (`{ brand: 'chanel' }`, or the page's own params). */
  search: (query?: Record<string, string> | URLSearchParams) => {
    const search = new URLSearchParams(query).toString()
    return search ? `/search?${search}` : '/search'
  },
  login: () => '/login',
  signup: (role?: 'seller') => (role ? `/signup?role=${role}` : '/signup'),
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  becomeSeller: () => '/become-a-seller',
  /** A mail's signed unsubscribe link (no sign-in needed). */
  unsubscribe: (token?: string) => (token ? `/unsubscribe?${new URLSearchParams({ token })}` : '/unsubscribe'),
  dashboard: {
    root: () => '/dashboard',
    myOrders: () => '/dashboard/myOrders',
    wishlist: () => '/dashboard/wishlist',
    payment: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}`,
    addresses: () => '/dashboard/addresses',
    /** An order after payment, for its buyer, its seller and admins; and its printable receipt. */
    order: (id: string) => `/dashboard/orders/${encodeURIComponent(id)}`,
    orderReceipt: (id: string) => `/dashboard/orders/${encodeURIComponent(id)}/receipt`,
    /** The seller's sold bags. */
    mySales: () => '/dashboard/mySales',
    allCustomers: () => '/dashboard/allCustomers',
    allSellers: () => '/dashboard/allSellers',
    reportedItems: () => '/dashboard/reportedItems',
    outbox: () => '/dashboard/outbox',
    posts: () => '/dashboard/posts',
    newPost: () => '/dashboard/posts/new',
    editPost: (slug: string) => `/dashboard/posts/${encodeURIComponent(slug)}/edit`,
    settings: () => '/dashboard/settings',
    addProducts: () => '/dashboard/addProducts',
    myProducts: () => '/dashboard/myProducts',
    editProduct: (id: string) => `/dashboard/myProducts/${encodeURIComponent(id)}/edit`,
    // the seller's money, and the admin's orders and disputes
    earnings: () => '/dashboard/earnings',
    /** The admin's orders; `q` searches them by order id or a buyer's or seller's email. */
    adminOrders: (q?: string) => (q ? `/dashboard/orders?${new URLSearchParams({ q })}` : '/dashboard/orders'),
    disputes: () => '/dashboard/disputes',
    dispute: (id: string) => `/dashboard/disputes/${encodeURIComponent(id)}`,
    // the offers a buyer made, and the offers on a seller's bags
    myOffers: () => '/dashboard/myOffers',
    offersReceived: () => '/dashboard/offersReceived',
    // the inbox and one conversation (every role), and the admin's reported messages
    messages: () => '/dashboard/messages',
    conversation: (id: string) => `/dashboard/messages/${encodeURIComponent(id)}`,
    reportedMessages: () => '/dashboard/reportedMessages',
    // the admin's flags: orders between accounts that may be one person, bags held again and again
    flags: () => '/dashboard/flags',
    // the bell's page, mail settings and saved searches, for every role
    notifications: () => '/dashboard/notifications',
    notificationSettings: () => '/dashboard/notification-settings',
    savedSearches: () => '/dashboard/saved-searches',
  },
} as const

/** Where the header's Dashboard link goes (docs/product/storefront.md#header-and-menus): admin to allSellers, seller to myProducts, others to myOrders. */
export function dashboardHome(role: 'customer' | 'seller' | 'admin'): string {
  if (role === 'admin') return paths.dashboard.allSellers()
  if (role === 'seller') return paths.dashboard.myProducts()
  return paths.dashboard.myOrders()
}

/**
 * Where 'Sell your bag' and 'Let's Go' lead (docs/product/storefront.md#header-and-menus; once everyone went to /login): a seller to Add Product, a
 * signed-in customer or admin to the page on becoming a seller, a visitor to the login page.
 */
export function sellPath(role: 'customer' | 'seller' | 'admin' | undefined): string {
  if (role === 'seller') return paths.dashboard.addProducts()
  if (role) return paths.becomeSeller()
  return paths.login()
}
