import type { ReactNode } from 'react'
import { LogoMark } from '@/components/layouts/logo-mark'

type AuthLayoutProps = {
  title: string
  /** A line under the title. */
  lead?: ReactNode
  /** The dark side panel (a band above the form on phones). */
  aside: ReactNode
  children: ReactNode
}

/** The sign-in screens' card: a dark leather panel beside the form, stacked on phones. */
export function AuthLayout({ title, lead, aside, children }: AuthLayoutProps) {
  return (
    <div className="bg-base-200/60 px-3 py-8 sm:px-6 sm:py-14 lg:py-20">
      <title>{`${title} | Preloved Bags Co.`}</title>
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-xl shadow-primary/5 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <aside className="relative isolate flex flex-col gap-5 overflow-hidden bg-neutral px-6 py-7 text-neutral-content sm:px-10 md:justify-between md:py-12">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-primary/45 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-28 -left-16 -z-10 size-64 rounded-full bg-accent/20 blur-3xl"
          />
          <LogoMark className="hidden size-12 md:block" />
          {aside}
        </aside>
        <section aria-labelledby="auth-title" className="flex flex-col gap-6 px-5 py-8 sm:px-10 sm:py-12">
          <header className="flex flex-col gap-1.5">
            <h1 id="auth-title" className="text-3xl font-semibold sm:text-4xl">
              {title}
            </h1>
            {lead ? <p className="text-base-content/75">{lead}</p> : null}
          </header>
          {children}
        </section>
      </div>
    </div>
  )
}

/** The small "or" between the email form and the Google button. */
export function OrDivider() {
  return <div className="divider my-0 text-sm text-base-content/75">or</div>
}
