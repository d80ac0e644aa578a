import { notificationsMessages as t } from '@preloved/shared/messages/notifications'
import { type LoaderFunctionArgs, type MetaFunction, useLocation } from 'react-router'
import { unsubscribePreviewQueryOptions } from '@/features/notifications/api/notifications'
import { UnsubscribeView } from '@/features/notifications/components/unsubscribe-view'
import { pageMeta } from '@/lib/page-meta'
import { prefetchOnServer } from '@/lib/server-api.server'

/** What the link turns off arrives with the page (a bad link's 400 is left to the page, which says so). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  if (!token) return { dehydrated: undefined }
  return prefetchOnServer(context, (client) => client.prefetchQuery(unsubscribePreviewQueryOptions(token)))
}

export const meta: MetaFunction = () => [
  ...pageMeta({ title: `${t.unsubscribeTitle} | Preloved Bags Co.`, description: t.unsubscribeTitle }),
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
]

/** '/unsubscribe?token=…': a mail's signed unsubscribe link, no sign-in needed. */
export default function UnsubscribeRoute() {
  const { search } = useLocation()
  const token = new URLSearchParams(search).get('token') ?? ''
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-16">
      <UnsubscribeView token={token} />
    </section>
  )
}
