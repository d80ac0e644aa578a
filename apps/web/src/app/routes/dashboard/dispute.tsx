import { useParams } from 'react-router'
import { DisputeView } from '@/features/admin-orders/components/dispute-view'
import { DisputeConversation } from '@/features/messages/components/dispute-conversation'

/** '/dashboard/disputes/:id' (admin): one dispute, both parties' words and photos, and the decision. */
export default function DisputeRoute() {
  const { id = '' } = useParams()
  return (
    <>
      <DisputeView key={id} id={id} />
      {/* the buyer's and the seller's messages, which an admin may read while the order is disputed */}
      <DisputeConversation key={`messages-${id}`} orderId={id} />
    </>
  )
}
