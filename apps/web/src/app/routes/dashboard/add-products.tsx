import { messages } from '@preloved/shared/messages'
import { AddProductForm } from '@/features/products/components/add-product-form'
import { SellerVerificationHint } from '@/features/products/components/seller-verification-hint'
import { useSession } from '@/lib/auth-client'

/** '/dashboard/addProducts' (seller): list a bag for sale (SPEC §2 Add a Product). */
export default function AddProductsRoute() {
  const { user } = useSession()
  return (
    <section aria-labelledby="add-product-title" className="flex max-w-4xl flex-col gap-6">
      <title>{`${messages.nav.addProduct} | Preloved Bags Co.`}</title>
      <div className="flex flex-col gap-2">
        <h1 id="add-product-title" className="text-3xl font-semibold sm:text-4xl">
          Add a Product
        </h1>
        <p className="text-lg text-base-content/80">Add a Product &amp; sell more and get verified</p>
        <SellerVerificationHint email={user?.email} />
      </div>
      <AddProductForm />
    </section>
  )
}
