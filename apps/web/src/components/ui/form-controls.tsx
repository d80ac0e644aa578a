import type { ComponentProps, ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { FieldNotes, useDescribed } from './field'

type ControlShell = { label: string; error?: string | undefined; hint?: ReactNode; className?: string }

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'className'> &
  ControlShell & { options: readonly { value: string; label: string }[] }

export function SelectField({ label, error, hint, className, options, ...props }: SelectFieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribed(hint, error)
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn('select w-full bg-base-100 text-base', error && 'select-error')}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  )
}

type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> &
  ControlShell & {
    /** The text box's height (tall by default, for a description). */
    size?: 'sm' | 'md'
  }

export function TextareaField({ label, error, hint, className, size = 'md', ...props }: TextareaFieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribed(hint, error)
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'textarea w-full bg-base-100 text-base',
          size === 'md' ? 'min-h-32' : 'min-h-20',
          error && 'textarea-error',
        )}
        {...props}
      />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  )
}

type FileFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className' | 'type'> &
  ControlShell & { preview?: ReactNode }

/** A file input with its label, hint, error and (beside it) a preview of the chosen file. */
export function FileField({ label, error, hint, className, preview, ...props }: FileFieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribed(hint, error)
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-col gap-1.5 sm:flex-1">
          <input
            id={id}
            type="file"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn('file-input w-full bg-base-100', error && 'file-input-error')}
            {...props}
          />
          <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
        </div>
        {preview}
      </div>
    </div>
  )
}
