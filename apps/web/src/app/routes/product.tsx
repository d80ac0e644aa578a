import { CATEGORY_LABELS, CONDITION_LABELS } from '@preloved/shared/constants'
import { PRODUCT_PAGE_SIZES } from '@preloved/shared/images'
import type { Product } from '@preloved/shared/products'
import { ArrowLeft, Flag, Heart } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import {
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { PageLoading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { myBookingsQueryOptions, useMyBookings } from '@/features/bookings/api/bookings'
import { BookNow, OwnListingNote } from '@/features/bookings/components/book-now'
import { categoryProductsQueryOptions } from '@/features/products/api/get-category-products'
import { productQueryOptions, useProduct } from '@/features/products/api/get-product'
import { ListingFacts, SellerLine } from '@/features/products/components/listing-facts'
import { MoreFromCategory } from '@/features/products/components/more-from-category'
import { OwnListingActions } from '@/features/products/components/own-listing-actions'
import { ProductImage } from '@/features/products/components/product-image'
import { ReportListingButton } from '@/features/reports/components/report-listing-button'
import { wishlistQueryOptions } from '@/features/wishlists/api/wishlists'
import { WishlistButton } from '@/features/wishlists/components/wishlist-button'
import { cachedSessionUser, useSession } from '@/lib/auth-client'
import { formatPrice } from '@/lib/format'
import { loaderQueryData, originOf, pageMeta, SHOP_DESCRIPTION, summary } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchOnServer, visitorOnServer } from '@/lib/server-api.server'

// The booking form (react-hook-form, its zod resolver) downloads on the first Book Now, not with the page.
const BookingModal = lazy(() =>
  import('@/features/bookings/components/booking-modal').then((module) => ({ default: module.BookingModal })),
)

/**
 * The bag arrives with the page; an unknown, removed or malformed id is the 404 page with status 404. A sold bag's page
 * (status 200) says so and offers the other bags of its category, read with it.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // a signed-in visitor's own bookings decide the Book Now button, their wishlist the heart: read alongside
  const user = await visitorOnServer(request, context)
  return prefetchOnServer(context, (client) =>
    Promise.all([
      client
        .fetchQuery(productQueryOptions(params.id ?? ''))
        .catch(throwRouteError)
        .then((product) =>
          product.status === 'sold' ? client.prefetchQuery(categoryProductsQueryOptions(product.category)) : undefined,
        ),
      user ? client.prefetchQuery(myBookingsQueryOptions(user.email)) : undefined,
      user ? client.prefetchQuery(wishlistQueryOptions(user.email)) : undefined,
    ]),
  )
}

/** A move within the app: the browser's cache (and its access token) as everywhere else. */
export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const user = cachedSessionUser()
  if (user) void queryClient.prefetchQuery(wishlistQueryOptions(user.email))
  const product = await queryClient.ensureQueryData(productQueryOptions(params.id ?? '')).catch(throwRouteError)
  if (product.status === 'sold') void queryClient.prefetchQuery(categoryProductsQueryOptions(product.category))
  return { dehydrated: undefined }
}

/** Title, description, share tags with the lead photo, and schema.org Product with its Offer for search engines. */
export const meta: MetaFunction = ({ data, params, matches }) => {
  const product = loaderQueryData<Product>(data, productQueryOptions(params.id ?? '').queryKey)
  if (!product) return [{ name: 'description', content: SHOP_DESCRIPTION }]
  const origin = originOf(matches)
  const path = paths.product(product._id)
  const title = `${product.title} | Preloved Bags Co.`
  const description = summary(
    `${formatPrice(product.resell_price)} (was ${formatPrice(product.original_price)}), ${CONDITION_LABELS[product.condition]} condition. ${product.description}`,
  )
  return [
    ...pageMeta({
      title,
      description,
      share: { origin, path, image: product.img, imageAlt: product.title, type: 'product' },
    }),
    { property: 'product:price:amount', content: product.resell_price.toFixed(2) },
    { property: 'product:price:currency', content: 'USD' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: product.description,
        image: [`${origin}${product.img}`],
        category: CATEGORY_LABELS[product.category],
        itemCondition: 'https://schema.org/UsedCondition',
        offers: {
          '@type': 'Offer',
          url: `${origin}${path}`,
          price: product.resell_price.toFixed(2),
          priceCurrency: 'USD',
          availability: `https://schema.org/${product.status === 'available' ? 'InStock' : 'SoldOut'}`,
          seller: { '@type': 'Person', name: product.seller },
        },
      },
    },
  ]
}

/**
 * A visitor sees the same actions; each leads to '/login', which brings them back here once signed in
 * (MARKETPLACE.md §1: booking, wishlist and reports need a signed-in user).
 */
function VisitorActions({ product }: { product: Product }) {
  const location = useLocation()
  const toLogin = { to: paths.login(), state: { from: location } }
  if (product.status === 'sold') {
    return (
      <Button variant="neutral" block disabled>
        Sold
      </Button>
    )
  }
  return (
    <div className="flex flex-col gap-2">
      <ButtonLink {...toLogin} variant="primary" block>
        Book Now<span className="sr-only"> {product.title}</span>
      </ButtonLink>
      <p className="text-sm text-base-content/75">Log in or sign up to book this bag, save it or report it.</p>
      <div className="flex flex-wrap items-center gap-2">
        <ButtonLink {...toLogin} variant="subtle" size="sm" className="gap-2">
          <Heart aria-hidden="true" className="size-4" />
          Add to your wishlist<span className="sr-only"> {product.title}</span>
        </ButtonLink>
        <ButtonLink {...toLogin} variant="ghost" size="sm" className="gap-2">
          <Flag aria-hidden="true" className="size-4" />
          Report this Listing<span className="sr-only"> {product.title}</span>
        </ButtonLink>
      </div>
    </div>
  )
}

/** '/product/:id': one bag with every field, and the same actions as on its category page. */
export default function ProductRoute() {
  const { id = '' } = useParams()
  const { data: product } = useProduct(id)
  const { user } = useSession()
  const navigate = useNavigate()
  const myBookings = useMyBookings(user?.email)
  const [booking, setBooking] = useState<Product | null>(null)
  // mounted from the first Book Now on, so that closing it is the modal's own (focus goes back to the button)
  const [bookingOpened, setBookingOpened] = useState(false)
  if (booking && !bookingOpened) setBookingOpened(true)

  if (!product) return <PageLoading />
  const saving = product.original_price - product.resell_price

  return (
    <article className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <ButtonLink to={paths.category(product.category)} variant="ghost" size="sm" className="-ml-3 gap-1.5 self-start">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {CATEGORY_LABELS[product.category]}
      </ButtonLink>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
        <div className="self-start overflow-hidden rounded-box border border-base-300 bg-base-200 shadow-sm">
          <ProductImage img={product.img} thumb={product.thumb} alt={product.title} sizes={PRODUCT_PAGE_SIZES} eager />
        </div>
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <p className="text-sm font-semibold tracking-[0.14em] text-primary">{CATEGORY_LABELS[product.category]}</p>
            <h1 className="text-3xl leading-tight font-semibold sm:text-4xl">{product.title}</h1>
            <SellerLine product={product} />
          </div>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-3xl font-semibold text-primary">
              <span className="sr-only">Resell price: </span>
              {formatPrice(product.resell_price)}
            </span>
            <span className="text-base-content/70">
              <span className="sr-only">Original price: </span>
              <s>{formatPrice(product.original_price)}</s>
            </span>
            {saving > 0 ? (
              <span className="badge badge-sm border-0 bg-success/15 font-semibold text-success">
                Save {formatPrice(saving)}
              </span>
            ) : null}
          </p>
          {product.status === 'sold' ? (
            <p className="rounded-box border border-base-300 bg-base-200 px-4 py-3 font-medium" data-testid="sold-note">
              This bag has been sold. Other bags from {CATEGORY_LABELS[product.category]} are below.
            </p>
          ) : null}
          {user ? (
            <div className="flex flex-col gap-2">
              <OwnListingNote product={product} viewerId={user.id} />
              <BookNow product={product} viewerId={user.id} myBookings={myBookings.data} onBook={setBooking} block />
              {product.seller_id === user.id ? (
                <OwnListingActions product={product} onDeleted={() => navigate(paths.dashboard.myProducts())} />
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  {product.status === 'available' ? (
                    <WishlistButton productId={product._id} title={product.title} size="sm" />
                  ) : null}
                  <ReportListingButton productId={product._id} title={product.title} />
                </div>
              )}
            </div>
          ) : (
            <VisitorActions product={product} />
          )}
          <section aria-labelledby="details-heading" className="flex flex-col gap-3 border-t border-base-300 pt-5">
            <h2 id="details-heading" className="text-lg font-semibold">
              Details
            </h2>
            <ListingFacts product={product} />
          </section>
          <section aria-labelledby="description-heading" className="flex flex-col gap-2">
            <h2 id="description-heading" className="text-lg font-semibold">
              Description
            </h2>
            <p className="whitespace-pre-line text-base-content/85">{product.description}</p>
          </section>
        </div>
      </div>
      {product.status === 'sold' ? <MoreFromCategory product={product} /> : null}
      {bookingOpened ? (
        <Suspense fallback={null}>
          <BookingModal item={booking} onClose={() => setBooking(null)} />
        </Suspense>
      ) : null}
    </article>
  )
}
