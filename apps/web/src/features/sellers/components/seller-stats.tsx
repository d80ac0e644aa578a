import { messages } from '@preloved/shared/messages'
import type { SellerProfile } from '@preloved/shared/search'
import { cn } from '@/lib/cn'
import { formatMonth } from '@/lib/format-date'

const text = messages.sellers

/**
 * Member since, listed and sold counts. The stars and review count sit beside the seller's name instead (the page
 * composes features/reviews there).
 */
export function SellerStats({ profile, className }: { profile: SellerProfile; className?: string }) {
  return (
    <ul
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/75 [&>li+li]:before:mr-3 [&>li+li]:before:text-base-content/40 [&>li+li]:before:content-["·"]',
        className,
      )}
    >
      <li>{text.memberSince(formatMonth(profile.memberSince))}</li>
      <li>{text.listed(profile.listed)}</li>
      <li>{text.sold(profile.sold)}</li>
    </ul>
  )
}
