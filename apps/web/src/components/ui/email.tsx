import { Fragment } from 'react'
import { cn } from '@/lib/cn'

/**
 * An email address that wraps after its "@" and its dots, never inside a word: a <wbr> after each
 * of them offers the line breaks, and `overflow-wrap: break-word` breaks a single part only when it alone is wider
 * than the line. The text (and so copying it, and its accessible name) is the address unchanged.
 */
export function Email({ address, className }: { address: string; className?: string }) {
  const parts = address.split(/(?<=[@.])/)
  return (
    <span className={cn('break-words', className)}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
