import { CATEGORY_LABELS, type CategorySlug } from '@preloved/shared/constants'
import type { Product } from '@preloved/shared/products'
import { PackageOpen } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { type ClientLoaderFunctionArgs, Link, type LoaderFunctionArgs, useParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageLoading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { myBookingsQueryOptions, useMyBookings } from '@/features/bookings/api/bookings'
import { BookNow, OwnListingNote } from '@/features/bookings/components/book-now'
import { categoriesQueryOptions, useCategories } from '@/features/categories/api/get-categories'
import { categoryProductsQueryOptions, useCategoryProducts } from '@/features/products/api/get-category-products'
import { ListingCard } from '@/features/products/components/listing-card'
import { OwnListingActions } from '@/features/products/components/own-listing-actions'
import { ReportListingButton } from '@/features/reports/components/report-listing-button'
import { SearchShortcuts } from '@/features/search/components/brand-shortcuts'
import { wishlistQueryOptions } from '@/features/wishlists/api/wishlists'
import { WishlistButton } from '@/features/wishlists/components/wishlist-button'
import { cachedSessionUser, useSession } from '@/lib/auth-client'
import { brandsQueryOptions } from '@/lib/brands'
import { queryClient } from '@/lib/query-client'
import { useRenderInStages } from '@/lib/render-in-stages'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchForVisitor } from '@/lib/server-api.server'
import { useHydrated } from '@/lib/use-hydrated'

// The booking form (react-hook-form, its zod resolver) downloads on the first Book Now, not with the page.
const BookingModal = lazy(() =>
  import('@/features/bookings/components/booking-modal').then((module) => ({ default: module.BookingModal })),
)

// The first row (3 cards on wide screens) loads its photos at once; the others lazily.
const EAGER_CARDS = 3

/**
 * docs/product/storefront.md#api-rules: the category's listings are loaded before the screen shows; an unknown category is the 404 page. The title
 * and description come from the categories list, read alongside (it may fail without hiding the bags), and so are the
 * customer's own orders, which decide each card's Book Now, and their wishlist, which decides each heart. Only for a signed-in visitor (docs/product/storefront.md#access): the guard sends
 * anyone else to the login page.
 */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client, user) =>
    Promise.all([
      client.fetchQuery(categoryProductsQueryOptions(args.params.id ?? '')).catch(throwRouteError),
      client.prefetchQuery(categoriesQueryOptions()),
      client.prefetchQuery(myBookingsQueryOptions(user.email)),
      client.prefetchQuery(wishlistQueryOptions(user.email)),
      client.prefetchQuery(brandsQueryOptions()),
    ]),
  )

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const user = cachedSessionUser()
  await Promise.all([
    queryClient.ensureQueryData(categoryProductsQueryOptions(params.id ?? '')).catch(throwRouteError),
    queryClient.prefetchQuery(categoriesQueryOptions()),
    user ? queryClient.prefetchQuery(myBookingsQueryOptions(user.email)) : undefined,
    user ? queryClient.prefetchQuery(wishlistQueryOptions(user.email)) : undefined,
    queryClient.prefetchQuery(brandsQueryOptions()),
  ])
  return { dehydrated: undefined }
}

/** Cards in a row of the grid below (2, 3 from 1024 px): the first render shows one row. */
const cardsPerRow = () => (window.matchMedia('(min-width: 1024px)').matches ? 3 : 2)

/** '/category/:id' (the id is the category slug): every bag for sale in it (docs/product/storefront.md#home-and-blog). */
export default function CategoryRoute() {
  const { id: slug = '' } = useParams()
  const { data: products } = useCategoryProducts(slug)
  const { categories } = useCategories()
  const { user } = useSession()
  const myBookings = useMyBookings(user?.email)
  // the server's HTML holds a row of three; a move within the app renders what the screen shows first
  const hydrated = useHydrated()
  const [rowSize] = useState(() => (hydrated ? cardsPerRow() : EAGER_CARDS))
  const shown = useRenderInStages(products?.length ?? 0, rowSize)
  const [booking, setBooking] = useState<Product | null>(null)
  // mounted from the first Book Now on, so that closing it is the modal's own (focus goes back to the button)
  const [bookingOpened, setBookingOpened] = useState(false)
  if (booking && !bookingOpened) setBookingOpened(true)

  const category = categories.find((c) => c.category.toLowerCase() === slug.toLowerCase())
  const title = category?.title ?? CATEGORY_LABELS[slug as CategorySlug] ?? slug

  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:gap-10 lg:px-8 lg:py-14">
      <title>{`${title} | Preloved Bags Co.`}</title>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold tracking-[0.14em] text-primary">
          <Link to={paths.categories()} className="link link-hover">
            Categories
          </Link>
        </p>
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        {category?.description ? <p className="max-w-2xl text-base-content/75">{category.description}</p> : null}
        {products ? (
          <p className="text-sm text-base-content/70">
            {products.length === 1 ? '1 bag for sale' : `${products.length} bags for sale`}
          </p>
        ) : null}
      </header>

      {/* into search, this category kept: its brands and its newest bags (docs/product/search.md) */}
      {category || slug in CATEGORY_LABELS ? (
        <SearchShortcuts category={(category?.category ?? slug) as CategorySlug} categoryLabel={title} />
      ) : null}

      {!products ? (
        <PageLoading />
      ) : products.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          icon={<PackageOpen className="size-7" />}
          title="No bags in this category right now"
          description="Everything here has found a new home. New bags are listed every week: check the other categories meanwhile."
          action={
            <ButtonLink to={paths.categories()} variant="outline" size="sm">
              Browse categories
            </ButtonLink>
          }
        />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
          {products.slice(0, shown).map((product, index) => (
            <li key={product._id}>
              <ListingCard
                product={product}
                eager={index < EAGER_CARDS}
                priority={index === 0}
                actions={
                  <>
                    <OwnListingNote product={product} viewerId={user?.id} />
                    <BookNow
                      product={product}
                      viewerId={user?.id}
                      myBookings={myBookings.data}
                      onBook={setBooking}
                      block
                    />
                    {/* wider than a phone: the original worded buttons (a phone has icons at the card's foot) */}
                    {product.seller_id === user?.id ? (
                      <OwnListingActions product={product} className="max-sm:hidden" />
                    ) : (
                      <WishlistButton
                        productId={product._id}
                        title={product.title}
                        size="sm"
                        block
                        className="max-sm:hidden"
                      />
                    )}
                  </>
                }
                footerAction={
                  product.seller_id === user?.id ? (
                    <OwnListingActions product={product} compact className="gap-1 sm:hidden" />
                  ) : (
                    <>
                      {/* phones: the heart and the flag as icon buttons beside 'View' */}
                      <div className="flex items-center gap-1 sm:hidden">
                        <WishlistButton productId={product._id} title={product.title} size="sm" compact />
                        <ReportListingButton
                          productId={product._id}
                          title={product.title}
                          size="sm"
                          variant="subtle"
                          compact
                          className="text-base-content/70"
                        />
                      </div>
                      <ReportListingButton
                        productId={product._id}
                        title={product.title}
                        size="sm"
                        className="-mr-3 text-base-content/70 max-sm:hidden"
                      />
                    </>
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}

      {bookingOpened ? (
        <Suspense fallback={null}>
          <BookingModal item={booking} onClose={() => setBooking(null)} />
        </Suspense>
      ) : null}
    </section>
  )
}
