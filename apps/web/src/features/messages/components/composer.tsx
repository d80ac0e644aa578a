import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { SendHorizontal } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { cn } from '@/lib/cn'
import { MESSAGE_MAX } from '../limits'

type ComposerProps = {
  /** Sends the text; resolves when the server took it (the box empties), rejects with the server's refusal. */
  onSend: (text: string) => Promise<unknown>
  busy: boolean
  label?: string
  placeholder?: string
  /** A taller box (the first message, in a dialog). */
  tall?: boolean
  autoFocus?: boolean
  className?: string
}

/**
 * The message box and Send: Enter sends, Shift+Enter starts a new line. The same rules as the API (1–2,000
 * characters) are checked before sending; the server's refusal (a block, a flood) shows under the box.
 */
export function Composer({ onSend, busy, label = 'Message', placeholder, tall, autoFocus, className }: ComposerProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const length = [...text].length
  const near = length > MESSAGE_MAX - 200

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    const trimmed = text.trim()
    if (trimmed.length === 0) return setError('Write a message first.')
    if ([...trimmed].length > MESSAGE_MAX)
      return setError(`A message is at most ${MESSAGE_MAX.toLocaleString('en-US')} characters.`)
    setError(null)
    try {
      await onSend(trimmed)
      setText('')
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The message could not be sent. Try again.')
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void submit()
    }
  }

  return (
    <form onSubmit={submit} noValidate className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <div className={cn('flex gap-2', tall ? 'flex-col' : 'items-end')}>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            if (error) setError(null)
          }}
          onKeyDown={onKeyDown}
          rows={tall ? 5 : 2}
          // biome-ignore lint/a11y/noAutofocus: the dialog's one field, opened by the user to write
          autoFocus={autoFocus}
          placeholder={placeholder ?? 'Write a message'}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className={cn('textarea min-h-0 w-full flex-1 resize-y bg-base-100 text-base', error && 'textarea-error')}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={busy}
          aria-busy={busy || undefined}
          className={cn('shrink-0', tall && 'order-last self-end')}
        >
          {busy ? (
            <span aria-hidden="true" className="loading loading-spinner loading-sm" />
          ) : (
            <SendHorizontal aria-hidden="true" className="size-4" />
          )}
          Send
        </Button>
      </div>
      <div className="flex items-start justify-between gap-3 text-xs text-base-content/75">
        <p id={`${id}-hint`}>{t.composerHint}</p>
        {near ? (
          <p className={cn('shrink-0 tabular-nums', length > MESSAGE_MAX && 'font-semibold text-error')}>
            {length.toLocaleString('en-US')} / {MESSAGE_MAX.toLocaleString('en-US')}
          </p>
        ) : null}
      </div>
      {error ? (
        <FormAlert>
          <span id={`${id}-error`}>{error}</span>
        </FormAlert>
      ) : null}
    </form>
  )
}
