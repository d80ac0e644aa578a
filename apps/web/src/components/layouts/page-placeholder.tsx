import type { ReactNode } from 'react'

type PagePlaceholderProps = { title: string; children: ReactNode; compact?: boolean }

/** A page whose content comes in a later change: its heading and one sentence. */
export function PagePlaceholder({ title, children, compact = false }: PagePlaceholderProps) {
  return (
    <section
      className={compact ? 'flex flex-col gap-3' : 'mx-auto flex max-w-3xl flex-col gap-3 px-4 py-16 sm:px-6 lg:py-24'}
    >
      <title>{`${title} | Preloved Bags Co.`}</title>
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="text-base-content/80">{children}</p>
    </section>
  )
}
