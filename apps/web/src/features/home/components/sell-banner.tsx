import { homeMessages } from '@preloved/shared/site-messages'
import { ArrowRight, Tag } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { sellPath } from '@/config/paths'
import { useSession } from '@/lib/auth-client'

/**
 * The home page's 'Sell to us' call to action (docs/product/storefront.md#header-and-menus). 'Let's Go' goes to /login
 * for a visitor; a seller
 * to Add Product, and a signed-in customer to the page on becoming a seller. The server renders the right address
 * for each visitor: the home page may not run its scripts before the click (docs/decisions/016).
 */
export function SellBanner() {
  const { user } = useSession()
  return (
    <section aria-labelledby="sell-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8 lg:pb-24">
      <div className="relative overflow-hidden rounded-box bg-secondary px-6 py-12 text-secondary-content sm:px-12 lg:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full border-[2.5rem] border-accent/20"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-28 left-1/3 size-56 rounded-full border-[1.5rem] border-accent/10"
        />
        <div className="relative flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div className="flex max-w-2xl flex-col gap-3">
            <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-[0.14em] text-accent">
              <Tag aria-hidden="true" className="size-4" />
              For sellers
            </p>
            <h2 id="sell-heading" className="text-3xl font-semibold sm:text-4xl">
              {homeMessages.sellToUs}
            </h2>
            <p className="text-secondary-content/85">
              Have a bag you no longer carry? List it in minutes with a photo and your resell price. We bring the
              buyers, you get paid, and a good bag gets its next chapter.
            </p>
          </div>
          <ButtonLink to={sellPath(user?.role)} variant="accent" size="lg" className="shrink-0 gap-2 px-8">
            {homeMessages.letsGo}
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}
