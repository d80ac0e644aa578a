import { messages } from '@preloved/shared/messages'
import type { SellerProfile } from '@preloved/shared/search'
import { ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Skeleton } from '@/components/ui/skeleton'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { paths } from '@/config/paths'
import { SellerInitial } from './seller-initial'
import { SellerStats } from './seller-stats'

type SellerCardProps = {
  sellerId: string
  name: string
  verified: boolean
  /** The seller's profile once read (the stats line keeps its place until then). */
  profile: SellerProfile | undefined
  /** Their stars and measured badges beside the name (composed by the page). */
  standing?: ReactNode
}

/** "Sold by" on a product page: the seller's name, leading to their profile, their badge and their figures. */
export function SellerCard({ sellerId, name, verified, profile, standing }: SellerCardProps) {
  return (
    <section
      aria-labelledby="seller-heading"
      className="relative flex items-center gap-4 rounded-box border border-base-300 bg-base-200/40 p-4 transition-colors hover:border-base-content/25"
    >
      <SellerInitial name={name} className="size-12 text-xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2
          id="seller-heading"
          className="font-sans text-xs font-semibold tracking-[0.12em] text-base-content/65 uppercase"
        >
          {messages.productPage.soldBy}
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {/* the whole card takes the press (its ::after), the name stays the link's text */}
          <Link
            to={paths.seller(sellerId)}
            className="font-semibold text-base-content after:absolute after:inset-0 after:rounded-box hover:underline"
          >
            {name}
          </Link>
          {verified ? <VerifiedBadge /> : null}
        </p>
        {standing}
        {profile ? <SellerStats profile={profile} className="text-xs sm:text-sm" /> : <Skeleton className="h-4 w-48" />}
      </div>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-base-content/50" />
    </section>
  )
}
