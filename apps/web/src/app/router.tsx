import { lazy, Suspense } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { PublicLayout } from '@/components/layouts/public-layout'
import { PageLoading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { setTokenRenewer, setUnauthorizedHandler } from '@/lib/api-client'
import { loadSession, SESSION_QUERY_KEY } from '@/lib/auth-client'
import { queryClient } from '@/lib/query-client'
import { HomeRoute } from './routes/home'

// The error and 404 screens are rare: their own chunks, so the home page does not download them (decision 003).
const RouteError = lazy(() =>
  import('@/components/errors/route-error').then((module) => ({ default: module.RouteError })),
)
const notFound = () => import('@/components/errors/not-found').then((module) => ({ Component: module.NotFound }))

// The guards are lazy too: pathless layout routes whose Component renders <Outlet /> for an allowed user. The object
// form (`lazy: { Component }`) tells react-router the module has no loader or middleware, so the child routes'
// loaders start without waiting for it.
const guard = (name: 'PrivateRoute' | 'AdminRoute' | 'SellerRoute') => ({
  Component: () => import('@/features/auth/components/guards').then((module) => module[name]),
})

// Home is part of the main chunk (it is the first page most visitors see); every other route is its own lazy
// chunk: a route module exports `Component` (and later `loader`), which react-router reads through `lazy`. Where the
// first load waits on data (category, product, payment), the loader is its own small zod-free module, loaded alongside
// the page's (`lazy: { loader, Component }`): the request starts without waiting for the page's code.
const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'blogs', lazy: () => import('./routes/blogs') },
      { path: 'categories', lazy: () => import('./routes/categories') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'signup', lazy: () => import('./routes/signup') },
      { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password') },
      // SPEC §2: requires a signed-in user. A loader added here runs before the guard renders: keep what it
      // fetches public (GET /categoryDetails is), or check the session in the loader as well.
      {
        lazy: guard('PrivateRoute'),
        children: [
          {
            path: 'category/:id',
            lazy: {
              loader: () => import('./routes/category-loader').then((module) => module.loader),
              Component: () => import('./routes/category').then((module) => module.Component),
            },
          },
          {
            path: 'product/:id',
            lazy: {
              loader: () => import('./routes/product-loader').then((module) => module.loader),
              Component: () => import('./routes/product').then((module) => module.Component),
            },
          },
        ],
      },
      {
        // Test hook for browser tests: visiting /__error always renders the route-error screen, the way a
        // failed loader does (status text 'Test failure'). It is not linked from anywhere.
        path: '__error',
        loader: () => {
          throw new Response('Test failure', { status: 500, statusText: 'Test failure' })
        },
        element: null,
      },
      { path: '*', lazy: notFound },
    ],
  },
  {
    // signed-in users only; the side menu follows the role (SPEC §2, §6)
    path: '/dashboard',
    lazy: {
      loader: () => import('./routes/dashboard/dashboard-loader').then((module) => module.loader),
      Component: () => import('./routes/dashboard/dashboard-root').then((module) => module.Component),
    },
    children: [
      { index: true, lazy: () => import('./routes/dashboard/dashboard-home') },
      { path: 'myOrders', lazy: () => import('./routes/dashboard/my-orders') },
      { path: 'wishlist', lazy: () => import('./routes/dashboard/wishlist') },
      {
        path: 'payment/:id',
        lazy: {
          loader: () => import('./routes/dashboard/payment-loader').then((module) => module.loader),
          Component: () => import('./routes/dashboard/payment').then((module) => module.Component),
        },
      },
      {
        lazy: guard('AdminRoute'),
        children: [
          { path: 'allCustomers', lazy: () => import('./routes/dashboard/all-customers') },
          { path: 'allSellers', lazy: () => import('./routes/dashboard/all-sellers') },
          { path: 'reportedItems', lazy: () => import('./routes/dashboard/reported-items') },
          { path: 'outbox', lazy: () => import('./routes/dashboard/outbox') },
        ],
      },
      {
        lazy: guard('SellerRoute'),
        children: [
          { path: 'addProducts', lazy: () => import('./routes/dashboard/add-products') },
          { path: 'myProducts', lazy: () => import('./routes/dashboard/my-products') },
        ],
      },
    ],
  },
]

/** Every route gets the route-error screen and a loading placeholder for its first render (SPEC §2). */
function withDefaults(route: RouteObject): RouteObject {
  const withChildren = route.children ? { ...route, children: route.children.map(withDefaults) } : route
  return {
    errorElement: (
      <Suspense fallback={<PageLoading />}>
        <RouteError />
      </Suspense>
    ),
    hydrateFallbackElement: <PageLoading />,
    ...withChildren,
  } as RouteObject
}

// Every page reads the session (the header, the guards); the router renders nothing until the matched routes'
// chunks and loaders are in, so asking for it here overlaps it with them instead of following them (or takes the
// answer the server wrote into the page).
loadSession()

export const router = createBrowserRouter(routes.map(withDefaults))

// A 401 on a call that carried a token: the token (1 hour) may be out of date while the session cookie (1 week)
// holds. The API client asks for a new one once and repeats the call; the code for it loads only when needed.
setTokenRenewer(() => import('@/features/auth/api/access-token').then((module) => module.renewAccessToken()))

// A 401 that no new token cures means the session is over: go to the login page, keeping where the user was.
const authPaths = new Set<string>([paths.login(), paths.signup(), paths.forgotPassword(), paths.resetPassword()])
setUnauthorizedHandler(() => {
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
  const { pathname, search, hash } = router.state.location
  if (authPaths.has(pathname)) return
  void router.navigate(paths.login(), { replace: true, state: { from: { pathname, search, hash } } })
})
