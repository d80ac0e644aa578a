import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'info' | 'error'

type BadgeProps = { children: ReactNode; tone?: BadgeTone; className?: string }

const toneClasses = {
  neutral: 'badge-ghost border-base-300',
  accent: 'badge-accent',
  success: 'badge-success',
  warning: 'badge-warning',
  info: 'badge-info',
  error: 'badge-error',
} as const

export function Badge({ children, tone = 'neutral', className }: BadgeProps) {
  return <span className={cn('badge badge-sm font-medium', toneClasses[tone], className)}>{children}</span>
}
