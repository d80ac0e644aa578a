import type { LoaderFunctionArgs } from 'react-router'
import { productQueryOptions } from '@/features/products/api/get-product'
import { queryClient } from '@/lib/query-client'

// Apart from the page's module (product.tsx) and free of zod: react-router loads both at once, so the request starts
// without waiting for the page's code (docs/decisions/003).

/** The listing is loaded before the page shows; a removed or unknown one is the route-error screen. */
export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(productQueryOptions(params.id ?? ''))
  return null
}
