import { conversationsMessages as t } from '@preloved/shared/messages/conversations'
import { useNavigate } from 'react-router'
import { Modal } from '@/components/ui/modal'
import { paths } from '@/config/paths'
import { useStartConversation } from '../api/conversations'
import { Composer } from './composer'

type MessageSellerDialogProps = { open: boolean; onClose: () => void; productId: string; title: string }

/** The first message about a bag (or the next, in the same conversation); then the conversation opens. */
export function MessageSellerDialog({ open, onClose, productId, title }: MessageSellerDialogProps) {
  const navigate = useNavigate()
  const start = useStartConversation()
  return (
    <Modal open={open} onClose={onClose} title="Message the seller" description={`About “${title}”`}>
      <Composer
        tall
        autoFocus
        busy={start.isPending}
        label="Your message to the seller"
        placeholder={t.askPlaceholder}
        onSend={async (text) => {
          const message = await start.mutateAsync({ productId, text })
          onClose()
          navigate(paths.dashboard.conversation(message.conversationId))
        }}
      />
    </Modal>
  )
}
