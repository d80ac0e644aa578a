import { messages } from '@preloved/shared/messages'
import { DashboardPage } from '@/components/layouts/dashboard-page'
import { SettingsForm } from '@/features/settings/components/settings-form'

/** '/dashboard/settings' (admin): the blog's tagline and the footer's social links. */
export default function SettingsRoute() {
  return (
    <DashboardPage title={messages.nav.settings} lead="What every visitor sees in the footer and on the blog page.">
      <SettingsForm />
    </DashboardPage>
  )
}
