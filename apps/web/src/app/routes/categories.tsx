import type { LoaderFunctionArgs, MetaFunction } from 'react-router'
import { categoriesQueryOptions } from '@/features/categories/api/get-categories'
import { CategoriesSection } from '@/features/categories/components/categories-section'
import { originOf, pageMeta } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { prefetchOnServer } from '@/lib/server-api.server'
import { hydrateOnIntent } from '../hydrate-on-intent'

export const loader = ({ context }: LoaderFunctionArgs) =>
  prefetchOnServer(context, (client) => client.prefetchQuery(categoriesQueryOptions()))

export function clientLoader() {
  void queryClient.prefetchQuery(categoriesQueryOptions())
  return { dehydrated: undefined }
}

// read, then left by a link: no scripts until the visitor acts (docs/decisions/016)
export const handle = hydrateOnIntent

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Categories | Preloved Bags Co.',
    description: 'Shoulder bags, totes and backpacks: browse our second-hand bags by category.',
    share: { origin: originOf(matches), path: '/categories' },
  })

/** '/categories': the categories grid on its own page. */
export default function CategoriesRoute() {
  return <CategoriesSection headingLevel="h1" />
}
