import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

type BadgeProps = { children: ReactNode; tone?: 'neutral' | 'accent' | 'success'; className?: string }

const toneClasses = {
  neutral: 'badge-ghost border-base-300',
  accent: 'badge-accent',
  success: 'badge-success',
} as const

export function Badge({ children, tone = 'neutral', className }: BadgeProps) {
  return <span className={cn('badge badge-sm font-medium', toneClasses[tone], className)}>{children}</span>
}
