import { COLOUR_LABELS, COLOUR_SWATCHES, COLOURS } from '@preloved/shared/constants'
import { messages } from '@preloved/shared/messages'
import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldError } from '@/components/ui/field'
import { cn } from '@/lib/cn'

/** Colour: a radio group of swatches, each with its name beside it (colour is never the only cue). */
export function ColourSwatches({ field, error }: { field: UseFormRegisterReturn; error?: string | undefined }) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{messages.listingForm.colour}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {COLOURS.map((colour) => (
          <label
            key={colour}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-field border bg-base-100 px-3 py-2 text-sm',
              'has-checked:border-primary has-checked:bg-primary/5 has-checked:font-semibold',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
              error ? 'border-error' : 'border-base-300',
            )}
          >
            <input
              type="radio"
              value={colour}
              className="peer sr-only"
              aria-invalid={error ? true : undefined}
              {...field}
            />
            <span
              aria-hidden="true"
              className="size-6 shrink-0 rounded-full border border-base-content/25 ring-primary ring-offset-2 ring-offset-base-100 peer-checked:ring-2"
              style={{ background: COLOUR_SWATCHES[colour] }}
            />
            {COLOUR_LABELS[colour]}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  )
}
