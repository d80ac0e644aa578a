import type { LoaderFunctionArgs, MetaFunction } from 'react-router'
import { categoriesQueryOptions } from '@/features/categories/api/get-categories'
import { CategoriesSection } from '@/features/categories/components/categories-section'
import { Hero } from '@/features/home/components/hero'
import { SellBanner } from '@/features/home/components/sell-banner'
import { advertisedProductsQueryOptions } from '@/features/products/api/get-advertised-products'
import { AdvertisedProducts } from '@/features/products/components/advertised-products'
import { originOf, pageMeta, SHOP_DESCRIPTION } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { prefetchOnServer } from '@/lib/server-api.server'
import { hydrateOnIntent } from '../hydrate-on-intent'

/** The advertised bags and the categories arrive with the page. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  prefetchOnServer(context, (client) =>
    Promise.all([
      client.prefetchQuery(advertisedProductsQueryOptions()),
      client.prefetchQuery(categoriesQueryOptions()),
    ]),
  )

/** Back on the home page from another: the sections show what the cache has and refresh it themselves. */
export function clientLoader() {
  void queryClient.prefetchQuery(advertisedProductsQueryOptions())
  void queryClient.prefetchQuery(categoriesQueryOptions())
  return { dehydrated: undefined }
}

// read, then left by a link: no scripts until the visitor acts (docs/decisions/016)
export const handle = hydrateOnIntent

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Preloved Bags Co. | Second-hand designer and everyday bags',
    description: SHOP_DESCRIPTION,
    share: { origin: originOf(matches), path: '/' },
  })

/** '/': hero, advertised items, categories, the sell-to-us banner (SPEC §2 Home). */
export default function HomeRoute() {
  return (
    <>
      <Hero />
      <AdvertisedProducts />
      <CategoriesSection />
      <SellBanner />
    </>
  )
}
