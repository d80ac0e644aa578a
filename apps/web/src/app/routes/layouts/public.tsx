import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { PublicLayout } from '@/components/layouts/public-layout'

/** Header, page, footer: every page outside the dashboard (SPEC §2). A page's error shows inside it. */
export default PublicLayout

export const ErrorBoundary = RouteErrorBoundary
