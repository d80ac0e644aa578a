import { cn } from '@/lib/cn'

/** A placeholder block while data loads; hidden from assistive technology (the loading status speaks instead). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('skeleton bg-base-300/60', className)} />
}
