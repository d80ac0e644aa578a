// Which lazy modules each page needs on its first load, by route pattern (react-router's syntax, as in router.tsx).
// The build turns this into dist/page-preloads.json (the chunks and everything they import statically), and the
// server names those files in the page's HTML as <link rel="modulepreload">: the browser fetches them alongside the
// main bundle instead of one level after another (docs/decisions/011). A page missing here still works; it only
// loads its chunks later. A module listed here that the build does not find fails the build.

const guards = 'src/features/auth/components/guards.tsx'
const dashboard = ['src/app/routes/dashboard/dashboard-loader.ts', 'src/app/routes/dashboard/dashboard-root.tsx']
const route = (name: string) => `src/app/routes/${name}`

export const pageModules: Readonly<Record<string, readonly string[]>> = {
  '/blogs': [route('blogs.tsx')],
  '/categories': [route('categories.tsx')],
  '/login': [route('login.tsx')],
  '/signup': [route('signup.tsx')],
  '/forgot-password': [route('forgot-password.tsx')],
  '/reset-password': [route('reset-password.tsx')],
  '/category/:id': [guards, route('category-loader.ts'), route('category.tsx')],
  '/product/:id': [guards, route('product-loader.ts'), route('product.tsx')],
  '/dashboard': [...dashboard, route('dashboard/dashboard-home.tsx')],
  '/dashboard/myOrders': [...dashboard, route('dashboard/my-orders.tsx')],
  '/dashboard/wishlist': [...dashboard, route('dashboard/wishlist.tsx')],
  '/dashboard/payment/:id': [...dashboard, route('dashboard/payment-loader.ts'), route('dashboard/payment.tsx')],
  '/dashboard/allCustomers': [...dashboard, guards, route('dashboard/all-customers.tsx')],
  '/dashboard/allSellers': [...dashboard, guards, route('dashboard/all-sellers.tsx')],
  '/dashboard/reportedItems': [...dashboard, guards, route('dashboard/reported-items.tsx')],
  '/dashboard/outbox': [...dashboard, guards, route('dashboard/outbox.tsx')],
  '/dashboard/addProducts': [...dashboard, guards, route('dashboard/add-products.tsx')],
  '/dashboard/myProducts': [...dashboard, guards, route('dashboard/my-products.tsx')],
}
