import { messages } from '@preloved/shared/messages'
import { Star } from 'lucide-react'
import { cn } from '@/lib/cn'

const m = messages.reviews

/**
 * Five stars filled to `value` (a fraction fills part of a star), read by a screen reader as one image: "Rated 4.9 out
 * of 5" (or `label`).
 */
export function StarRating({
  value,
  size = 'md',
  label,
  className,
}: {
  value: number
  size?: 'sm' | 'md' | 'lg'
  label?: string
  className?: string
}) {
  const icon = size === 'sm' ? 'size-3.5' : size === 'lg' ? 'size-6' : 'size-4'
  return (
    <span role="img" aria-label={label ?? m.rated(value)} className={cn('inline-flex items-center', className)}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i))
        return (
          <span key={i} aria-hidden="true" className={cn('relative inline-block shrink-0', icon)}>
            <Star className={cn('absolute inset-0 text-base-content/30', icon)} strokeWidth={1.75} />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn('fill-current text-accent', icon)} strokeWidth={1.75} />
              </span>
            ) : null}
          </span>
        )
      })}
    </span>
  )
}
