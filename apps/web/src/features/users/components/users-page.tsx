import type { ReactNode } from 'react'

type UsersPageProps = { title: string; lead: ReactNode; children: ReactNode }

/** The frame of the admin's user lists: the page title, its heading and one line about it. */
export function UsersPage({ title, lead, children }: UsersPageProps) {
  return (
    <section aria-labelledby="users-title" className="flex max-w-5xl flex-col gap-6">
      <title>{`${title} | Preloved Bags Co.`}</title>
      <div className="flex flex-col gap-1">
        <h1 id="users-title" className="text-3xl font-semibold sm:text-4xl">
          {title}
        </h1>
        <p className="text-base-content/75">{lead}</p>
      </div>
      {children}
    </section>
  )
}
