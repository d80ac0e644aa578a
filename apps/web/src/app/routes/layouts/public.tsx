import type { LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { SocialLinksContext } from '@/components/layouts/footer'
import { PublicLayout } from '@/components/layouts/public-layout'
import { settingsQueryOptions, useSettings } from '@/features/settings/api/settings'
import { prefetchOnServer } from '@/lib/server-api.server'

/** The footer's social links (and the blog's tagline) arrive with every public page. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  prefetchOnServer(context, (client) => client.prefetchQuery(settingsQueryOptions()))

// read once per visit: a change by the admin reaches their own pages through the query cache
export const shouldRevalidate = () => false

/** Header, page, footer: every page outside the dashboard (docs/product/storefront.md#pages). A page's error shows inside it. */
export default function PublicLayoutRoute() {
  const { data: settings } = useSettings()
  return (
    <SocialLinksContext value={settings ?? {}}>
      <PublicLayout />
    </SocialLinksContext>
  )
}

/** A page's error (a 404 included) shows in the page's place, with the header and footer around it. */
export function ErrorBoundary() {
  const { data: settings } = useSettings()
  return (
    <SocialLinksContext value={settings ?? {}}>
      <PublicLayout>
        <RouteErrorBoundary />
      </PublicLayout>
    </SocialLinksContext>
  )
}
