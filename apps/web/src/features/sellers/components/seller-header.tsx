import type { SellerProfile } from '@preloved/shared/search'
import type { ReactNode } from 'react'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { SellerInitial } from './seller-initial'
import { SellerStats } from './seller-stats'

/**
 * The top of a seller's profile: who they are, their badge, their stars and measured badges (`standing`, composed by the
 * page), and their figures (docs/product/listings.md#seller-profile).
 */
export function SellerHeader({ profile, standing }: { profile: SellerProfile; standing?: ReactNode }) {
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-6">
      <SellerInitial name={profile.name} className="size-20 text-4xl sm:size-24 sm:text-5xl" />
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-3xl leading-tight font-semibold break-words sm:text-4xl">{profile.name}</h1>
          {profile.verified ? <VerifiedBadge className="text-sm" /> : null}
        </div>
        {standing}
        <SellerStats profile={profile} />
      </div>
    </header>
  )
}
