import { useParams } from 'react-router'
import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/dashboard/payment/:id' (the booking id): placeholder until the payment page lands. */
function PaymentRoute() {
  const { id = '' } = useParams()
  return (
    <PagePlaceholder title="Payment" compact>
      The card payment for booking {id} will happen here.
    </PagePlaceholder>
  )
}

export { PaymentRoute as Component }
