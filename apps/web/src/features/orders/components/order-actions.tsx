import { orderPagesMessages as t } from '@preloved/shared/messages/order-pages'
import type { Order } from '@preloved/shared/orders'
import { CircleCheck, MessageSquareReply, TriangleAlert, Truck, X } from 'lucide-react'
import { useState } from 'react'
import { ActionDialog } from '@/components/ui/action-dialog'
import { Button } from '@/components/ui/button'
import { toast } from '@/lib/notify'
import { useCancelOrder, useConfirmOrder } from '../api/orders'
import { type OrderAction, type OrderViewer, orderActions } from '../order-state'
import { AnswerDialog, DisputeDialog } from './dispute-dialog'
import { OrderAddressForm } from './order-address-form'
import { ShipDialog } from './ship-dialog'

type Open = Exclude<OrderAction, 'address'> | null

/**
 * The moves this viewer may make now, and no others (order-state's `orderActions`): each opens its dialog; the answer
 * replaces the order on the page and says so in a toast; a refusal (a 409 naming the state) shows its message.
 */
export function OrderActions({ order, viewer }: { order: Order; viewer: OrderViewer }) {
  const actions = orderActions(order, viewer)
  const [open, setOpen] = useState<Open>(null)
  const cancel = useCancelOrder(order._id)
  const confirm = useConfirmOrder(order._id)
  const close = () => setOpen(null)
  if (actions.length === 0) return null

  return (
    <section
      aria-labelledby="order-actions-title"
      className="flex flex-col gap-3 rounded-box border border-primary/30 bg-base-100 p-4 shadow-sm sm:p-5"
    >
      <h2 id="order-actions-title" className="text-lg font-semibold">
        {t.actionsHeading}
      </h2>
      {actions.includes('address') ? (
        <OrderAddressForm orderId={order._id} current={order.awaitingAddress ? null : order.address} />
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {actions.includes('ship') ? (
          <Button variant="primary" onClick={() => setOpen('ship')}>
            <Truck aria-hidden="true" className="size-4" />
            {t.actions.ship}
          </Button>
        ) : null}
        {actions.includes('confirm') ? (
          <Button variant="primary" onClick={() => setOpen('confirm')}>
            <CircleCheck aria-hidden="true" className="size-4" />
            {t.actions.confirm}
          </Button>
        ) : null}
        {actions.includes('dispute') ? (
          <Button variant="subtle" onClick={() => setOpen('dispute')}>
            <TriangleAlert aria-hidden="true" className="size-4" />
            {t.actions.dispute}
          </Button>
        ) : null}
        {actions.includes('answer') ? (
          <Button variant="primary" onClick={() => setOpen('answer')}>
            <MessageSquareReply aria-hidden="true" className="size-4" />
            {t.actions.answer}
          </Button>
        ) : null}
        {actions.includes('cancel') ? (
          <Button variant="subtle" onClick={() => setOpen('cancel')}>
            <X aria-hidden="true" className="size-4" />
            {t.actions.cancel}
          </Button>
        ) : null}
      </div>

      <ShipDialog open={open === 'ship'} orderId={order._id} onClose={close} />
      <DisputeDialog open={open === 'dispute'} orderId={order._id} onClose={close} />
      <AnswerDialog open={open === 'answer'} orderId={order._id} onClose={close} />
      <ActionDialog
        open={open === 'cancel'}
        title={t.actions.cancelTitle}
        message={t.actions.cancelMessage}
        confirmLabel={t.actions.cancelConfirm}
        tone="danger"
        busy={cancel.isPending}
        onCancel={close}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => toast.success(t.actions.cancelled),
            onError: (error) => toast.error(error.message),
            onSettled: close,
          })
        }
      />
      <ActionDialog
        open={open === 'confirm'}
        title={t.actions.confirmTitle}
        message={t.actions.confirmMessage}
        confirmLabel={t.actions.confirm}
        busy={confirm.isPending}
        onCancel={close}
        onConfirm={() =>
          confirm.mutate(undefined, {
            onSuccess: () => toast.success(t.actions.confirmed),
            onError: (error) => toast.error(error.message),
            onSettled: close,
          })
        }
      />
    </section>
  )
}
