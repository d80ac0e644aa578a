import { messages } from '@preloved/shared/messages'
import { Plus } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { MyProductsTable } from '@/features/products/components/my-products-table'
import { useSession } from '@/lib/auth-client'

/** '/dashboard/myProducts' (seller): the seller's listings, to advertise or delete. */
export default function MyProductsRoute() {
  const { user } = useSession()
  return (
    <section aria-labelledby="my-products-title" className="flex max-w-6xl flex-col gap-6">
      <title>{`${messages.nav.myProducts} | Preloved Bags Co.`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 id="my-products-title" className="text-3xl font-semibold sm:text-4xl">
            {messages.nav.myProducts}
          </h1>
          <p className="text-base-content/75">{messages.listingForm.myProductsLead}</p>
        </div>
        <ButtonLink to={paths.dashboard.addProducts()} variant="subtle" size="sm" className="gap-2">
          <Plus aria-hidden="true" className="size-4" />
          {messages.nav.addProduct}
        </ButtonLink>
      </div>
      <MyProductsTable email={user?.email} />
    </section>
  )
}
