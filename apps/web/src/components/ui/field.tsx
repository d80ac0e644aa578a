import { Eye, EyeOff } from 'lucide-react'
import { type ComponentProps, type ReactNode, useId, useState } from 'react'
import { cn } from '@/lib/cn'

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string
  /** The field's error (the shared schema's message), shown under it. */
  error?: string
  /** A line of help under the field, read with it by screen readers. */
  hint?: ReactNode
  /** Something beside the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode
}

/** A control's ids: its own, its hint's and its error's, and the aria-describedby naming those that show. */
export function useDescribed(hint: ReactNode, error: string | undefined) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return { id, hintId, errorId, describedBy }
}

/** A control's error, shown under it (the control names `id` in its aria-describedby); nothing without one. */
export function FieldError({ id, error }: { id?: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm font-medium text-error">
      {error}
    </p>
  ) : null
}

type FieldNotesProps = { hint: ReactNode; hintId: string; error: string | undefined; errorId: string }

/** Under a control: its hint line, then its error. */
export function FieldNotes({ hint, hintId, error, errorId }: FieldNotesProps) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </>
  )
}

/** A labelled text input with its error under it (docs/product/storefront.md#accessibility: every control has a visible label). */
export function Field({ label, error, hint, labelAside, className, type = 'text', ...props }: FieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribed(hint, error)
  const [revealed, setRevealed] = useState(false)
  const isPassword = type === 'password'

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-base-content">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn('input w-full bg-base-100 text-base', isPassword && 'pr-12', error && 'input-error')}
          {...props}
        />
        {isPassword ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square absolute top-1/2 right-1.5 -translate-y-1/2 text-base-content/70"
            aria-label="Show password"
            aria-pressed={revealed}
            title={revealed ? 'Hide password' : 'Show password'}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
        ) : null}
      </div>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  )
}
