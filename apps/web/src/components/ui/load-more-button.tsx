import type { ReactNode } from 'react'
import { Button } from './button'

type LoadMoreButtonProps = {
  /** True while the next page loads: the button waits (disabled, aria-busy). */
  busy: boolean
  onClick: () => void
  variant?: 'subtle' | 'outline'
  children: ReactNode
}

/** "Load more" under a paged list, centred. */
export function LoadMoreButton({ busy, onClick, variant = 'subtle', children }: LoadMoreButtonProps) {
  return (
    <Button variant={variant} className="self-center" onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      {children}
    </Button>
  )
}
