import { cn } from '@/lib/cn'

type SkeletonProps = {
  className?: string
  /** Inside a line of text (a sentence waiting for one value): a <span>, which a paragraph may hold. */
  inline?: boolean
}

/** A placeholder block while data loads; hidden from assistive technology (the loading status speaks instead). */
export function Skeleton({ className, inline = false }: SkeletonProps) {
  const Element = inline ? 'span' : 'div'
  return <Element aria-hidden="true" className={cn('skeleton bg-base-300/60', inline && 'inline-block', className)} />
}
