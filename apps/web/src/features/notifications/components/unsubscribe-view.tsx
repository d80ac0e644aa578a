import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import type { UnsubscribeResult } from '@preloved/shared/notifications'
import { CircleCheck, MailX, TriangleAlert } from 'lucide-react'
import { Button, ButtonLink } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { useUnsubscribe, useUnsubscribePreview } from '../api/notifications'

const listOf = (labels: string[]) => labels.map((l) => l.charAt(0).toLowerCase() + l.slice(1)).join(', ')

function Panel({ icon, title, children }: { icon: React.ReactNode; title: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 px-6 py-10 text-center shadow-sm">
      <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-base-200 text-primary">
        {icon}
      </span>
      <h1 className="font-display text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  )
}

const ask = (r: UnsubscribeResult) => (r.scope === 'all' ? t.unsubscribeAskAll : t.unsubscribeAsk(listOf(r.labels)))
const done = (r: UnsubscribeResult) => (r.scope === 'all' ? t.unsubscribeDoneAll : t.unsubscribeDone(listOf(r.labels)))

/**
 * '/unsubscribe?token=…': where a mail's unsubscribe link leads (no sign-in needed). It says what the link turns off
 * and asks once (a mail scanner that opens the link changes nothing); a forged or expired link says so and offers the
 * settings page. Mail clients' one-click unsubscribe (RFC 8058) posts to the API directly.
 */
export function UnsubscribeView({ token }: { token: string }) {
  const preview = useUnsubscribePreview(token)
  const unsubscribe = useUnsubscribe(token)
  const settingsLink = (
    <ButtonLink to={paths.dashboard.notificationSettings()} variant="link">
      {t.unsubscribeSettingsLink}
    </ButtonLink>
  )

  const refusal =
    token === ''
      ? t.unsubscribeInvalid
      : isApiError(preview.error) && preview.error.statusCode === 400
        ? preview.error.message
        : isApiError(unsubscribe.error)
          ? unsubscribe.error.message
          : null
  if (refusal) {
    return (
      <Panel icon={<TriangleAlert className="size-7" />} title={t.unsubscribeTitle}>
        <p role="alert">{refusal}</p>
        {settingsLink}
      </Panel>
    )
  }
  if (preview.isError) throw preview.error
  const result = preview.data
  if (!result) return <Loading className="py-16" />

  if (result.off) {
    return (
      <Panel icon={<CircleCheck className="size-7" />} title={t.unsubscribeTitle}>
        <p role="status">{unsubscribe.isSuccess ? done(result) : t.unsubscribeAlready}</p>
        {settingsLink}
      </Panel>
    )
  }
  return (
    <Panel icon={<MailX className="size-7" />} title={t.unsubscribeTitle}>
      <p>{ask(result)}</p>
      <Button variant="primary" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
        {unsubscribe.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
        {t.unsubscribeConfirm}
      </Button>
      {settingsLink}
    </Panel>
  )
}
