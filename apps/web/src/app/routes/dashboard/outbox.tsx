import { OutboxList } from '@/features/outbox/components/outbox-list'

/** '/dashboard/outbox' (admin): the mail kept while no SMTP server is configured (docs/product/notifications.md#mail). */
export default function OutboxRoute() {
  return <OutboxList />
}
