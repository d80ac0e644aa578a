import { messages } from '@preloved/shared/messages'
import type { InfiniteData } from '@tanstack/react-query'
import { ShoppingBag } from 'lucide-react'
import { type ClientLoaderFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useParams } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { PageLoading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { ProductCard } from '@/features/products/components/product-card'
import { sellerReviewsQueryOptions } from '@/features/reviews/api/reviews'
import { REVIEWS_SECTION_ID, SellerReviews } from '@/features/reviews/components/seller-reviews'
import { SellerStanding } from '@/features/reviews/components/seller-standing'
import { type SellerProfilePage, sellerProfileQueryOptions, useSellerProfile } from '@/features/sellers/api/get-seller'
import { SellerHeader } from '@/features/sellers/components/seller-header'
import { formatMonth } from '@/lib/format-date'
import { loaderQueryData, originOf, pageMeta, SHOP_DESCRIPTION } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchOnServer } from '@/lib/server-api.server'
import { hydrateOnIntent } from '../hydrate-on-intent'

const text = messages.sellers

/**
 * The profile, its first bags and its first reviews arrive with the page; an unknown seller is the 404 page with
 * status 404.
 */
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  prefetchOnServer(context, (client) =>
    Promise.all([
      client.fetchInfiniteQuery(sellerProfileQueryOptions(params.id ?? '')).catch(throwRouteError),
      client.prefetchInfiniteQuery(sellerReviewsQueryOptions(params.id ?? '')),
    ]),
  )

/** A move within the app: the browser's cache, as everywhere else (the same 404). */
export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  void queryClient.prefetchInfiniteQuery(sellerReviewsQueryOptions(params.id ?? ''))
  await queryClient.ensureInfiniteQueryData(sellerProfileQueryOptions(params.id ?? '')).catch(throwRouteError)
  return { dehydrated: undefined }
}

// read, then left by a link (every bag is one): no scripts until the visitor acts, and a press of Load more before
// then is answered once they run (docs/decisions/016)
export const handle = hydrateOnIntent

export const meta: MetaFunction = ({ data, params, matches }) => {
  const pages = loaderQueryData<InfiniteData<SellerProfilePage>>(
    data,
    sellerProfileQueryOptions(params.id ?? '').queryKey,
  )
  const profile = pages?.pages[0]?.data
  if (!profile) return [{ name: 'description', content: SHOP_DESCRIPTION }]
  return pageMeta({
    title: text.title(profile.name),
    description: text.description(profile.name, formatMonth(profile.memberSince), profile.listed),
    share: {
      origin: originOf(matches),
      path: paths.seller(profile._id),
      // the seller's newest bag, when there is one (the shop's logo otherwise)
      image: profile.items[0]?.img,
      imageAlt: profile.items[0]?.title,
    },
  })
}

/**
 * '/seller/:id' (docs/product/listings.md#seller-profile): who the seller is, their stars and badges, their bags for sale, and their reviews,
 * each a page at a time.
 */
export default function SellerRoute() {
  const { id = '' } = useParams()
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSellerProfile(id)
  const profile = data?.pages[0]?.data
  if (!data || !profile) return <PageLoading />
  const items = data.pages.flatMap((page) => page.data.items)
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6 lg:gap-10 lg:px-8 lg:py-12">
      <SellerHeader
        profile={profile}
        standing={<SellerStanding rating={profile.rating} reviewsHref={`#${REVIEWS_SECTION_ID}`} />}
      />
      <section aria-labelledby="for-sale-heading" className="flex flex-col gap-5 border-t border-base-300 pt-8">
        <h2 id="for-sale-heading" className="text-2xl font-semibold">
          {text.forSale}
        </h2>
        {items.length === 0 ? (
          <EmptyState
            icon={<ShoppingBag className="size-6" />}
            title={text.noneForSale(profile.name)}
            headingLevel="h3"
          />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
            {items.map((product) => (
              <li key={product._id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
        {hasNextPage ? (
          <LoadMoreButton variant="outline" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {text.loadMore}
          </LoadMoreButton>
        ) : null}
      </section>
      <SellerReviews sellerId={profile._id} name={profile.name} rating={profile.rating} />
    </div>
  )
}
