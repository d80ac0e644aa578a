import { messages } from '@preloved/shared/messages'
import type { SellerProfile } from '@preloved/shared/search'
import { Star } from 'lucide-react'
import { cn } from '@/lib/cn'
import { formatMonth } from '@/lib/format-date'

const text = messages.sellers

/**
 * Member since, listed and sold counts, and the rating once there is one: a seller without reviews shows no stars
 * at all rather than empty ones (reviews come with MARKETPLACE.md §5).
 */
export function SellerStats({ profile, className }: { profile: SellerProfile; className?: string }) {
  const { average, count } = profile.rating
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
      {count > 0 && average !== null ? (
        <li className="inline-flex items-center gap-1">
          <Star aria-hidden="true" className="size-4 fill-current text-accent" />
          {text.rating(average, count)}
        </li>
      ) : null}
    </ul>
  )
}
