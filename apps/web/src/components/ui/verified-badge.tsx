import { messages } from '@preloved/shared/messages'
import { BadgeCheck } from 'lucide-react'
import { cn } from '@/lib/cn'

/** "Verified seller" with its check mark: beside a seller's name wherever it shows (docs/product/accounts.md#seller-verification). */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-success/12 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-success',
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {messages.sellers.verified}
    </span>
  )
}
