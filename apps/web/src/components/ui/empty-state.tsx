import type { ElementType, ReactNode } from 'react'
import { cn } from '@/lib/cn'

type EmptyStateProps = {
  icon?: ReactNode
  title: string
  description?: ReactNode
  action?: ReactNode
  headingLevel?: 'h2' | 'h3'
  className?: string
}

export function EmptyState({ icon, title, description, action, headingLevel = 'h3', className }: EmptyStateProps) {
  const Heading: ElementType = headingLevel
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-200/50 px-6 py-12 text-center',
        className,
      )}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="grid size-14 place-items-center rounded-full bg-base-100 text-primary shadow-sm"
        >
          {icon}
        </div>
      ) : null}
      <Heading className="font-display text-xl font-semibold">{title}</Heading>
      {description ? <p className="max-w-md text-base-content/75">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  )
}
