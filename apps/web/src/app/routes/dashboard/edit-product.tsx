import { messages } from '@preloved/shared/messages'
import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useParams } from 'react-router'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { ButtonLink } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { productQueryOptions, useProduct } from '@/features/products/api/get-product'
import { ListingForm } from '@/features/products/components/listing-form/listing-form'
import { getAccessToken } from '@/lib/access-token'
import { sessionQueryOptions, useSession } from '@/lib/auth-client'
import { brandsQueryOptions } from '@/lib/brands'
import { queryClient } from '@/lib/query-client'
import { throwRouteError } from '@/lib/route-errors'
import { prefetchForVisitor } from '@/lib/server-api.server'

const m = messages.listingForm

/** The listing arrives with the page, as it stands now (GET /api/products/{id}); an unknown id is the 404 page. */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client) =>
    Promise.all([
      client.fetchQuery(productQueryOptions(args.params.id ?? '')).catch(throwRouteError),
      client.prefetchQuery(brandsQueryOptions()),
    ]),
  )

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const product = productQueryOptions(params.id ?? '')
  // asked for afresh (not a copy kept from the product page): the form starts from the listing as it is
  const [user] = await Promise.all([
    queryClient.ensureQueryData(sessionQueryOptions()),
    getAccessToken() ? queryClient.fetchQuery(product).catch(() => undefined) : undefined,
    queryClient.prefetchQuery(brandsQueryOptions()),
  ])
  if (user) await queryClient.ensureQueryData(product).catch(throwRouteError)
  return { dehydrated: undefined }
}

/**
 * '/dashboard/myProducts/:id/edit' (seller): the Add Product form filled with the listing. Someone else's
 * listing, or one that has sold or was taken down, says so instead (the server refuses those with 403 and 409).
 */
export default function EditProductRoute() {
  const { id = '' } = useParams()
  const { user } = useSession()
  const { data: product } = useProduct(id)
  if (!product || !user) return <Loading className="py-12" />
  const refusal =
    product.sellerId !== user.id
      ? messages.products.notYours
      : product.status === 'sold'
        ? messages.listings.soldNoEdit
        : product.status === 'removed'
          ? m.removedNoEdit
          : undefined
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <DashboardPage title={m.editTitle} lead={m.editLead(product.title)}>
        {refusal ? (
          <div className="flex flex-col items-start gap-4">
            <FormAlert>{refusal}</FormAlert>
            <ButtonLink to={paths.dashboard.myProducts()} variant="subtle">
              {m.backToMyProducts}
            </ButtonLink>
          </div>
        ) : (
          // a later read of the listing does not reset what the seller is typing
          <ListingForm key={product._id} product={product} />
        )}
      </DashboardPage>
    </div>
  )
}
