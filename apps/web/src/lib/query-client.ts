import { QueryClient } from '@tanstack/react-query'

/**
 * TanStack Query's defaults are ours: 3 retries with exponential back-off capped at 30 s (docs/product/storefront.md#feedback).
 * Do not change `retry` here.
 *
 * An answer counts as fresh for 10 s: a page's loader (on the server, or in the browser on later moves) has just read
 * what its components then show, and with the default of 0 every component mounting right after would ask the server
 * again. Writes invalidate what they change, so the user's own actions still show at once.
 */
export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } })

/** The browser's one cache. On the server every page render has its own (app/provider.tsx, lib/server-api). */
export const queryClient = createQueryClient()
