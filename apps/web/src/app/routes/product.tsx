import { CATEGORY_LABELS, CONDITION_LABELS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import type { QueryClient } from '@tanstack/react-query'
import { ChevronRight, Flag, Heart } from 'lucide-react'
import { lazy } from 'react'
import {
  type ClientLoaderFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLocation,
  useParams,
} from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { PageLoading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { myBookingsQueryOptions } from '@/features/bookings/api/bookings'
import { categoryProductsQueryOptions } from '@/features/products/api/get-category-products'
import { productQueryOptions, useProduct } from '@/features/products/api/get-product'
import { similarProductsQueryOptions, useSimilarProducts } from '@/features/products/api/get-similar-products'
import { PhotoGallery } from '@/features/products/components/gallery/photo-gallery'
import { ListingDetails, WearNotes } from '@/features/products/components/listing-details'
import { MoreFromCategory } from '@/features/products/components/more-from-category'
import { PriceTag } from '@/features/products/components/price-tag'
import { PRODUCT_ROW_SIZE, ProductRow } from '@/features/products/components/product-row'
import { SellerStanding } from '@/features/reviews/components/seller-standing'
import { sellerPreviewQueryOptions, useSellerPreview } from '@/features/sellers/api/get-seller'
import { SellerCard } from '@/features/sellers/components/seller-card'
import { wishlistQueryOptions } from '@/features/wishlists/api/wishlists'
import { cachedSessionUser, useSession } from '@/lib/auth-client'
import { formatPrice } from '@/lib/format'
import { loaderQueryData, originOf, pageMeta, SHOP_DESCRIPTION, summary } from '@/lib/page-meta'
import { queryClient } from '@/lib/query-client'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchOnServer, visitorOnServer } from '@/lib/server-api.server'
import { hydrateOnIntent } from '../hydrate-on-intent'

// A signed-in visitor's actions (booking, wishlist, report; a seller's own Advertise and Delete) download only for a
// signed-in visitor: a visitor's first load carries none of them (its JavaScript budget, scripts/lighthouse.ts). No
// Suspense boundary sits between them and the page, so on a first load the page hydrates once they are there: a
// press on the server's HTML is never half-handled.
const loadSignedInActions = () => import('./product-actions')
const SignedInActions = lazy(() => loadSignedInActions().then((module) => ({ default: module.SignedInActions })))

/** The seller's bags the page asks for: a row's worth besides this one. */
const SELLER_PREVIEW = PRODUCT_ROW_SIZE + 1
/**
 * How long the server waits for the rows below the bag (the seller's other bags, similar bags) before sending the page
 * without them: the bag itself never waits on a slow search; the browser then reads the rows after hydration.
 */
const ROWS_WAIT_MS = 500

/** Waits for `work`, but no longer than `ms`. */
const atMost = (ms: number, work: Promise<unknown>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    void work.finally(() => {
      clearTimeout(timer)
      resolve()
    })
  })

/** The rows under the bag: the seller's other bags, and either similar bags or, once sold, its category's others. */
const prefetchRows = (client: QueryClient, product: Product) =>
  Promise.all([
    client.prefetchQuery(sellerPreviewQueryOptions(product.sellerId, SELLER_PREVIEW)),
    product.status === 'sold'
      ? client.prefetchQuery(categoryProductsQueryOptions(product.category))
      : client.prefetchQuery(similarProductsQueryOptions(product)),
  ])

/**
 * The bag arrives with the page; an unknown, removed or malformed id is the 404 page with status 404. The rows below
 * it usually arrive with it too (read in parallel once the bag is known, for at most ROWS_WAIT_MS). A sold bag's page
 * (status 200) says so and offers the other bags of its category.
 */
/**
 * A signed-out visitor mostly reads the page: it arrives without loading its scripts, which start at the first touch
 * or key (docs/decisions/016, 021). Swiping the photos is CSS; a thumbnail, zoom or Book Now pressed before the
 * scripts ran is pressed again once they have. A signed-in visitor's page hydrates at load.
 */
export const handle = hydrateOnIntent

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // a signed-in visitor's own bookings decide the Book Now button, their wishlist the heart: read alongside
  const user = await visitorOnServer(request, context)
  return prefetchOnServer(context, (client) =>
    Promise.all([
      client
        .fetchQuery(productQueryOptions(params.id ?? ''))
        .catch(throwRouteError)
        .then((product) => atMost(ROWS_WAIT_MS, prefetchRows(client, product))),
      user ? client.prefetchQuery(myBookingsQueryOptions(user.email)) : undefined,
      user ? client.prefetchQuery(wishlistQueryOptions(user.email)) : undefined,
    ]),
  )
}

/** A move within the app: the browser's cache (and its access token) as everywhere else; the rows follow the bag. */
export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const user = cachedSessionUser()
  if (user) void loadSignedInActions().then((module) => module.prefetchSignedInActions(user))
  const product = await queryClient.ensureQueryData(productQueryOptions(params.id ?? '')).catch(throwRouteError)
  void prefetchRows(queryClient, product)
  return { dehydrated: undefined }
}

/**
 * Title, description, share tags with the lead photo, and schema.org Product with its Offer for search engines (every
 * photo, and the brand, colour and material when the seller gave them).
 */
export const meta: MetaFunction = ({ data, params, matches }) => {
  const product = loaderQueryData<Product>(data, productQueryOptions(params.id ?? '').queryKey)
  if (!product) return [{ name: 'description', content: SHOP_DESCRIPTION }]
  const origin = originOf(matches)
  const path = paths.product(product._id)
  const title = `${product.title} | Preloved Bags Co.`
  const description = summary(
    `${formatPrice(product.resell_price)} (was ${formatPrice(product.original_price)}), ${CONDITION_LABELS[product.condition]} condition. ${product.description}`,
  )
  const photos = product.photos.length > 0 ? product.photos.map((photo) => photo.url) : [product.img]
  return [
    ...pageMeta({
      title,
      description,
      share: { origin, path, image: photos[0], imageAlt: product.title, type: 'product' },
    }),
    { property: 'product:price:amount', content: product.resell_price.toFixed(2) },
    { property: 'product:price:currency', content: 'USD' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: product.description,
        image: photos.map((url) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`)),
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
        ...(product.colour ? { color: product.colour } : {}),
        ...(product.material ? { material: product.material } : {}),
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
 * (docs/product/storefront.md#access: booking, wishlist and reports need a signed-in user).
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

/** Home › category › brand: each step a search for more like it. */
function Breadcrumbs({ product }: { product: Product }) {
  const steps = [
    { label: messages.nav.home, to: paths.home() },
    { label: CATEGORY_LABELS[product.category], to: paths.search({ category: product.category }) },
    ...(product.brand && product.brandSlug
      ? [{ label: product.brand, to: paths.search({ brand: product.brandSlug }) }]
      : []),
  ]
  return (
    <nav aria-label={messages.productPage.breadcrumb}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-base-content/75">
        {steps.map((step, index) => (
          <li key={step.to} className="inline-flex items-center gap-1.5">
            {index > 0 ? <ChevronRight aria-hidden="true" className="size-3.5 text-base-content/45" /> : null}
            <Link to={step.to} className="link link-hover">
              {step.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/**
 * Below the bag: the seller's other bags for sale, then similar bags (same brand or category, close in price) that
 * the seller's row does not already show. A sold bag's page shows its category's other bags instead of similar ones.
 */
function MoreBags({ product }: { product: Product }) {
  const seller = useSellerPreview(product.sellerId, SELLER_PREVIEW)
  const similar = useSimilarProducts(product)
  const sold = product.status === 'sold'
  // a failed read leaves its row out (the page stands without it)
  const sellersOthers = seller.isError ? [] : seller.data?.items.filter((p) => p._id !== product._id)
  const shown = new Set(sellersOthers?.slice(0, PRODUCT_ROW_SIZE).map((p) => p._id))
  const similarOthers = similar.isError ? [] : similar.data?.filter((p) => !shown.has(p._id))
  return (
    <>
      {sold ? <MoreFromCategory product={product} /> : null}
      <ProductRow
        id="seller-more-heading"
        title={messages.productPage.moreFromSeller}
        products={sellersOthers}
        action={
          seller.data && seller.data.listed > SELLER_PREVIEW ? (
            <Link to={paths.seller(product.sellerId)} className="link link-hover text-sm font-medium text-primary">
              {messages.productPage.seeAllFromSeller(product.seller)}
            </Link>
          ) : null
        }
      />
      {sold ? null : (
        <ProductRow id="similar-heading" title={messages.productPage.similarBags} products={similarOthers} />
      )}
    </>
  )
}

/** '/product/:id': one bag with every field, its seller, and the same actions as on its category page. */
export default function ProductRoute() {
  const { id = '' } = useParams()
  const { data: product } = useProduct(id)
  const { user } = useSession()
  const seller = useSellerPreview(product?.sellerId ?? '', SELLER_PREVIEW)

  if (!product) return <PageLoading />
  const photos = product.photos.length > 0 ? product.photos : [{ url: product.img, thumb: product.thumb }]

  return (
    <article className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:gap-8 lg:px-8 lg:py-10">
      <Breadcrumbs product={product} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
        <div className="min-w-0 self-start lg:sticky lg:top-24">
          <PhotoGallery photos={photos} title={product.title} />
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-2">
            {product.brand && product.brandSlug ? (
              <Link
                to={paths.search({ brand: product.brandSlug })}
                className="self-start text-sm font-semibold tracking-[0.14em] text-primary uppercase hover:underline"
              >
                {product.brand}
              </Link>
            ) : (
              <p className="text-sm font-semibold tracking-[0.14em] text-primary uppercase">
                {CATEGORY_LABELS[product.category]}
              </p>
            )}
            <h1 className="text-3xl leading-tight font-semibold break-words sm:text-4xl">{product.title}</h1>
          </div>
          <div className="flex flex-col gap-1">
            <PriceTag product={product} size="lg" />
            <p className="text-sm text-base-content/80" data-testid="shipping">
              {product.shipping === 0
                ? messages.productPage.freeShipping
                : messages.productPage.shippingCost(formatPrice(product.shipping))}
            </p>
          </div>
          {product.status === 'sold' ? (
            <p className="rounded-box border border-base-300 bg-base-200 px-4 py-3 font-medium" data-testid="sold-note">
              This bag has been sold. Other bags from {CATEGORY_LABELS[product.category]} are below.
            </p>
          ) : null}
          {user ? <SignedInActions product={product} user={user} /> : <VisitorActions product={product} />}
          <SellerCard
            sellerId={product.sellerId}
            name={product.seller}
            verified={product.verified === 'yes'}
            profile={seller.data}
            standing={product.sellerRating ? <SellerStanding rating={product.sellerRating} /> : null}
          />
          <section aria-labelledby="details-heading" className="flex flex-col gap-2 pt-2">
            <h2 id="details-heading" className="text-lg font-semibold">
              {messages.productPage.details}
            </h2>
            <ListingDetails product={product} />
          </section>
          <WearNotes wear={product.wear} />
          <section aria-labelledby="description-heading" className="flex flex-col gap-2">
            <h2 id="description-heading" className="text-lg font-semibold">
              {messages.productPage.description}
            </h2>
            <p className="break-words whitespace-pre-line text-base-content/85">{product.description}</p>
          </section>
        </div>
      </div>
      <MoreBags product={product} />
    </article>
  )
}
