import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

// The one list of the web app's pages (docs/product/storefront.md#pages; docs/decisions/015). Each file is a route module:
// its component, and where it has them its `loader` (runs on the server, with the visitor's cookie), `clientLoader`
// (runs in the browser on later moves), `meta`, `links` and `ErrorBoundary`. The build splits, preloads and hydrates
// from this list; nothing else names the pages.
export default [
  layout('routes/layouts/public.tsx', [
    index('routes/home.tsx'),
    route('blogs', 'routes/blogs.tsx'),
    route('blogs/:slug', 'routes/blog-post.tsx'),
    route('categories', 'routes/categories.tsx'),
    // public: a shared link shows the bag to anyone (docs/product/storefront.md#access)
    route('product/:id', 'routes/product.tsx'),
    // public: a seller's profile and bags for sale (docs/product/listings.md#seller-profile)
    route('seller/:id', 'routes/seller.tsx'),
    // public and rendered on the server: a shared search shows the same bags (docs/product/search.md)
    route('search', 'routes/search.tsx'),
    route('login', 'routes/login.tsx'),
    route('signup', 'routes/signup.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    // where 'Sell your bag' and 'Let's Go' take a signed-in customer
    route('become-a-seller', 'routes/become-a-seller.tsx'),
    // a mail's one-click unsubscribe link lands here (no sign-in needed)
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    // docs/product/storefront.md#access: a signed-in user only
    layout('routes/guards/signed-in.tsx', [route('category/:id', 'routes/category.tsx')]),
    // Test hook for browser tests: always the route-error screen, the way a failed loader shows it. Not linked.
    route('__error', 'routes/test-error.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // signed-in users only; the side menu follows the role (docs/product/storefront.md#header-and-menus)
  route('dashboard', 'routes/dashboard/dashboard-root.tsx', [
    index('routes/dashboard/dashboard-home.tsx'),
    route('myOrders', 'routes/dashboard/my-orders.tsx'),
    route('wishlist', 'routes/dashboard/wishlist.tsx'),
    route('payment/:id', 'routes/dashboard/payment.tsx'),
    // saved delivery addresses, for every role
    route('addresses', 'routes/dashboard/addresses.tsx'),
    // an order after payment, for its buyer, its seller and admins (the API answers 404 to anyone else)
    route('orders/:id', 'routes/dashboard/order.tsx'),
    route('orders/:id/receipt', 'routes/dashboard/order-receipt.tsx'),
    // the offers a buyer made (any signed-in user; only customers make them)
    route('myOffers', 'routes/dashboard/my-offers.tsx'),
    // the inbox and a conversation, for every role (the API answers 404 for someone else's)
    route('messages', 'routes/dashboard/messages.tsx'),
    route('messages/:id', 'routes/dashboard/conversation.tsx'),
    // notifications, mail settings and saved searches, for every role
    route('notifications', 'routes/dashboard/notifications.tsx'),
    route('notification-settings', 'routes/dashboard/notification-settings.tsx'),
    route('saved-searches', 'routes/dashboard/saved-searches.tsx'),
    layout('routes/guards/admin.tsx', [
      route('allCustomers', 'routes/dashboard/all-customers.tsx'),
      route('allSellers', 'routes/dashboard/all-sellers.tsx'),
      route('reportedItems', 'routes/dashboard/reported-items.tsx'),
      route('outbox', 'routes/dashboard/outbox.tsx'),
      route('posts', 'routes/dashboard/posts.tsx'),
      route('posts/new', 'routes/dashboard/post-edit.tsx', { id: 'post-new' }),
      route('posts/:slug/edit', 'routes/dashboard/post-edit.tsx', { id: 'post-edit' }),
      route('settings', 'routes/dashboard/settings.tsx'),
      // every order by id or email (refunds), and the disputes to decide
      route('orders', 'routes/dashboard/admin-orders.tsx'),
      route('disputes', 'routes/dashboard/disputes.tsx'),
      route('disputes/:id', 'routes/dashboard/dispute.tsx'),
      // reported messages, to read in their conversation and dismiss or remove
      route('reportedMessages', 'routes/dashboard/reported-messages.tsx'),
      // linked accounts and bags held again and again, to confirm or dismiss
      route('flags', 'routes/dashboard/flags.tsx'),
    ]),
    layout('routes/guards/seller.tsx', [
      route('addProducts', 'routes/dashboard/add-products.tsx'),
      route('myProducts', 'routes/dashboard/my-products.tsx'),
      // the seller's own listing, in the Add Product form
      route('myProducts/:id/edit', 'routes/dashboard/edit-product.tsx'),
      // the seller's sold bags
      route('mySales', 'routes/dashboard/my-sales.tsx'),
      // the seller's balances, ledger and payouts
      route('earnings', 'routes/dashboard/earnings.tsx'),
      // offers on the seller's bags
      route('offersReceived', 'routes/dashboard/offers-received.tsx'),
    ]),
  ]),
] satisfies RouteConfig
