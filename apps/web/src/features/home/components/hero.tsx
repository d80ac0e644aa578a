import { homeMessages } from '@preloved/shared/site-messages'
import { ArrowRight, BadgeCheck, CreditCard, Recycle } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { paths, sellPath } from '@/config/paths'
import { useSession } from '@/lib/auth-client'
import { HeroArt } from './hero-art'

const promises = [
  { Icon: BadgeCheck, text: 'Verified sellers' },
  { Icon: Recycle, text: 'Second life, less waste' },
  { Icon: CreditCard, text: 'Secure card payment' },
]

export function Hero() {
  const { user } = useSession()
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,color-mix(in_oklab,var(--color-accent)_28%,transparent),transparent_70%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-12 pb-16 sm:px-6 md:grid-cols-[1.15fr_1fr] lg:gap-16 lg:px-8 lg:pt-20 lg:pb-24">
        <div className="flex flex-col items-start gap-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-accent/60 bg-base-100/80 px-3 py-1 text-sm font-medium text-primary">
            Preloved designer &amp; everyday bags
          </p>
          <h1 id="hero-heading" className="text-4xl leading-[1.08] font-semibold sm:text-5xl lg:text-6xl">
            Bags with a past, ready for <span className="text-primary italic">your story</span>.
          </h1>
          <p className="max-w-xl text-lg text-base-content/80">
            Shop hand-checked shoulder bags, totes and backpacks for a fraction of their first price, or give the bag
            you no longer carry a second life.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <ButtonLink to={paths.categories()} variant="primary" size="lg" className="gap-2 px-8">
              {homeMessages.shopNow}
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            {/* where selling starts for this visitor (a seller: Add Product; a customer: how to become one) */}
            <ButtonLink to={sellPath(user?.role)} variant="outline" size="lg" className="px-6">
              {homeMessages.sellYourBag}
            </ButtonLink>
          </div>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-base-content/80">
            {promises.map(({ Icon, text }) => (
              <li key={text} className="inline-flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt className="mx-auto w-full max-w-[13rem] sm:max-w-xs md:max-w-md" />
      </div>
    </section>
  )
}
