import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { PublicLayout } from '@/components/layouts/public-layout'

/** Header, page, footer: every page outside the dashboard (SPEC §2). A page's error shows inside it. */
export default PublicLayout

/** A page's error (a 404 included) shows in the page's place, with the header and footer around it. */
export function ErrorBoundary() {
  return (
    <PublicLayout>
      <RouteErrorBoundary />
    </PublicLayout>
  )
}
