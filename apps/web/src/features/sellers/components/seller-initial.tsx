import { cn } from '@/lib/cn'

/** A seller's picture until profiles have photos: the first letter of their name on the brand's leather colour. */
export function SellerInitial({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-primary font-display font-semibold text-primary-content',
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
