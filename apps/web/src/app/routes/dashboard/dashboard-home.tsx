import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard' index: placeholder until its feature lands. */
function DashboardHomeRoute() {
  return (
    <PagePlaceholder title="Dashboard" compact>
      A summary for your role will show here.
    </PagePlaceholder>
  )
}

export { DashboardHomeRoute as Component }
