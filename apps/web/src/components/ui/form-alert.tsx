import { CircleAlert, CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

type FormAlertProps = { children: ReactNode; tone?: 'error' | 'success' | 'info'; className?: string }

const toneClasses = {
  error: 'border-error/30 bg-error/8 text-error',
  success: 'border-success/30 bg-success/8 text-success',
  info: 'border-info/30 bg-info/8 text-info',
} as const

/**
 * A message under a form: errors are announced at once (role="alert"), other news politely (role="status").
 * Render it only when there is something to say, so screen readers announce the change.
 */
export function FormAlert({ children, tone = 'error', className }: FormAlertProps) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2.5 rounded-field border px-3.5 py-3 text-sm font-medium',
        toneClasses[tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}
