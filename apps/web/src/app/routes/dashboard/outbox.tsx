import { OutboxList } from '@/features/outbox/components/outbox-list'

/** '/dashboard/outbox' (admin): the mail kept while no SMTP server is configured (DESIGN §7). */
export default function OutboxRoute() {
  return <OutboxList />
}
