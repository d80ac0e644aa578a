import { createBrowserRouter, type RouteObject } from 'react-router'
import { NotFound } from '@/components/errors/not-found'
import { RouteError } from '@/components/errors/route-error'
import { PublicLayout } from '@/components/layouts/public-layout'
import { PageLoading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { HomeRoute } from './routes/home'

// Home is part of the main chunk (it is the first page most visitors see); every other route is its own lazy
// chunk: a route module exports `Component` (and later `loader`), which react-router reads through `lazy`.
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
      // TODO(auth): requires a signed-in user; its loader fetches the category's listings (SPEC §2).
      { path: 'category/:id', lazy: () => import('./routes/category') },
      {
        // Test hook for browser tests: visiting /__error always renders the route-error screen, the way a
        // failed loader does (status text 'Test failure'). It is not linked from anywhere.
        path: '__error',
        loader: () => {
          throw new Response('Test failure', { status: 500, statusText: 'Test failure' })
        },
        element: null,
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: '/dashboard',
    lazy: () =>
      import('@/components/layouts/dashboard-layout').then((module) => ({ Component: module.DashboardLayout })),
    children: [
      { index: true, lazy: () => import('./routes/dashboard/dashboard-home') },
      { path: 'myOrders', lazy: () => import('./routes/dashboard/my-orders') },
      { path: 'wishlist', lazy: () => import('./routes/dashboard/wishlist') },
      { path: 'payment/:id', lazy: () => import('./routes/dashboard/payment') },
      { path: 'allCustomers', lazy: () => import('./routes/dashboard/all-customers') },
      { path: 'allSellers', lazy: () => import('./routes/dashboard/all-sellers') },
      { path: 'reportedItems', lazy: () => import('./routes/dashboard/reported-items') },
      { path: 'addProducts', lazy: () => import('./routes/dashboard/add-products') },
      { path: 'myProducts', lazy: () => import('./routes/dashboard/my-products') },
    ],
  },
]

/** Every route gets the route-error screen and a loading placeholder for its first render (SPEC §2). */
function withDefaults(route: RouteObject): RouteObject {
  const withChildren = route.children ? { ...route, children: route.children.map(withDefaults) } : route
  return {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    ...withChildren,
  } as RouteObject
}

export const router = createBrowserRouter(routes.map(withDefaults))

// A 401 from the API means the stored token is no good: go to the login page, keeping where the user was.
setUnauthorizedHandler(() => {
  const { pathname, search, hash } = router.state.location
  if (pathname === paths.login() || pathname === paths.signup()) return
  void router.navigate(paths.login(), { replace: true, state: { from: { pathname, search, hash } } })
})
