import { messages } from '@preloved/shared/messages'
import type { LoaderFunctionArgs } from 'react-router'
import { sellerVerificationQueryOptions, useSellerVerification } from '@/features/products/api/get-seller-verification'
import { ListingForm } from '@/features/products/components/listing-form/listing-form'
import { SellerVerificationHint } from '@/features/products/components/seller-verification-hint'
import { cachedSessionUser, useSession } from '@/lib/auth-client'
import { brandsQueryOptions } from '@/lib/brands'
import { queryClient } from '@/lib/query-client'
import { prefetchForVisitor } from '@/lib/server-api.server'

/**
 * Whether the seller is verified arrives with the page (its lead line and hint do not change once shown), and so do
 * the brands of the Brand field.
 */
export const loader = (args: LoaderFunctionArgs) =>
  prefetchForVisitor(args, (client, user) =>
    Promise.all([
      client.prefetchQuery(sellerVerificationQueryOptions(user.email)),
      client.prefetchQuery(brandsQueryOptions()),
    ]),
  )

export function clientLoader() {
  const user = cachedSessionUser()
  if (user) void queryClient.prefetchQuery(sellerVerificationQueryOptions(user.email))
  void queryClient.prefetchQuery(brandsQueryOptions())
  return { dehydrated: undefined }
}

/** '/dashboard/addProducts' (seller): list a bag for sale (docs/product/listings.md#fields). */
export default function AddProductsRoute() {
  const { user } = useSession()
  const { isVerified } = useSellerVerification(user?.email)
  return (
    <section aria-labelledby="add-product-title" className="flex max-w-4xl flex-col gap-6">
      <title>{`${messages.nav.addProduct} | Preloved Bags Co.`}</title>
      <div className="flex flex-col gap-2">
        <h1 id="add-product-title" className="text-3xl font-semibold sm:text-4xl">
          Add a Product
        </h1>
        <p className="text-lg text-base-content/80">
          {/* the original line; a verified seller is not asked to get verified */}
          {isVerified ? 'Add a Product & sell more' : 'Add a Product & sell more and get verified'}
        </p>
        <SellerVerificationHint email={user?.email} />
      </div>
      <ListingForm />
    </section>
  )
}
