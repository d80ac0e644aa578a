import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

type SectionHeadingProps = {
  as?: 'h1' | 'h2'
  eyebrow?: string
  title: string
  description?: ReactNode
  id?: string
  align?: 'center' | 'start'
  className?: string
}

/** A small uppercase lead-in above a serif heading, with an optional line of text below. */
export function SectionHeading({
  as: Heading = 'h2',
  eyebrow,
  title,
  description,
  id,
  align = 'center',
  className,
}: SectionHeadingProps) {
  return (
    <div
      className={cn('flex flex-col gap-2', align === 'center' ? 'items-center text-center' : 'items-start', className)}
    >
      {eyebrow ? <p className="text-sm font-semibold tracking-[0.14em] text-primary">{eyebrow}</p> : null}
      <Heading id={id} className="text-3xl font-semibold sm:text-4xl">
        {title}
      </Heading>
      {description ? <p className="max-w-2xl text-base-content/75">{description}</p> : null}
    </div>
  )
}
