import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@preloved/shared/notification-kinds'
import { Loading } from '@/components/ui/loading'
import { toast } from '@/lib/notify'
import { useMailSettings, useUpdateMailSettings } from '../api/notifications'

/** The kinds in the order the page lists them: what you buy and sell first, then talk, then finding bags. */
const ORDER: NotificationKind[] = [
  'order',
  'offer_received',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
  'message',
  'review',
  'price_drop',
  'wishlist_sold',
  'saved_search',
]

/**
 * '/dashboard/notification-settings': one checkbox per kind of notification, saved as it is ticked. Order updates
 * are always mailed (theirs is ticked and cannot be unticked, and says so).
 */
export function MailSettings() {
  const settings = useMailSettings()
  const update = useUpdateMailSettings()
  if (!settings.data) return <Loading className="py-12" />
  const { mail, always } = settings.data
  const kinds = [...ORDER, ...NOTIFICATION_KINDS.filter((k) => !ORDER.includes(k))]

  return (
    <fieldset className="flex max-w-2xl flex-col rounded-box border border-base-300 bg-base-100">
      <legend className="sr-only">{t.settingsTitle}</legend>
      <ul className="divide-y divide-base-300">
        {kinds.map((kind) => {
          const locked = always.includes(kind)
          const id = `mail-${kind}`
          return (
            <li key={kind} className="flex items-center justify-between gap-4 px-4 py-3 sm:px-5">
              <label htmlFor={id} className="flex min-w-0 flex-col">
                <span className="font-medium">{NOTIFICATION_KIND_LABELS[kind]}</span>
                {locked ? <span className="text-xs text-base-content/70">{t.alwaysMailed}</span> : null}
              </label>
              <input
                id={id}
                type="checkbox"
                className="checkbox checkbox-primary shrink-0"
                checked={mail[kind]}
                disabled={locked || update.isPending}
                onChange={(event) =>
                  update.mutate(
                    { mail: { [kind]: event.target.checked } },
                    {
                      onSuccess: () => toast.success(t.settingsSaved),
                      onError: (error) => toast.error(error.message),
                    },
                  )
                }
              />
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
