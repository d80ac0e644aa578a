import { useParams } from 'react-router'
import { DisputeView } from '@/features/admin-orders/components/dispute-view'

/** '/dashboard/disputes/:id' (admin): one dispute, both parties' words and photos, and the decision (issue 16). */
export default function DisputeRoute() {
  const { id = '' } = useParams()
  return <DisputeView key={id} id={id} />
}
