import type { ReactNode } from 'react'

/** A dashboard screen: its document title, one <h1>, a lead sentence, then its content. */
export function DashboardPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <title>{`${title} | Preloved Bags Co.`}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        {lead ? <p className="text-base-content/75">{lead}</p> : null}
      </div>
      {children}
    </section>
  )
}
