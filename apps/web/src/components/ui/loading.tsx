import { navMessages } from '@preloved/shared/site-messages'
import { cn } from '@/lib/cn'

type LoadingProps = { label?: string; size?: 'sm' | 'md' | 'lg'; className?: string }

const sizeClasses = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg' } as const

/** A small bouncing ball with an accessible "Loading" status. */
export function Loading({ label = navMessages.loading, size = 'md', className }: LoadingProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn('flex items-center justify-center gap-3 text-primary', className)}
    >
      <span aria-hidden="true" className={cn('loading loading-ball', sizeClasses[size])} />
      <span className="sr-only">{label}</span>
    </div>
  )
}

/**
 * The whole-page placeholder while a route's code or data arrives. A screen tall, so that the footer stays out of
 * sight until the page is there (it would otherwise show, then jump down: a layout shift).
 */
export function PageLoading() {
  return <Loading size="lg" className="min-h-dvh py-16" />
}
