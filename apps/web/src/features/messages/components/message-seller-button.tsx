import { MessageCircle } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button, type ButtonStyle } from '@/components/ui/button'

// The dialog downloads on the first click only: the product page's first load carries none of it.
const MessageSellerDialog = lazy(() =>
  import('./message-seller-dialog').then((module) => ({ default: module.MessageSellerDialog })),
)

/** "Message the seller" on a product page (customers): a question about the bag, kept on the platform. */
export function MessageSellerButton({
  productId,
  title,
  ...style
}: ButtonStyle & { productId: string; title: string }) {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  return (
    <>
      <Button
        variant="subtle"
        size="sm"
        {...style}
        onClick={() => {
          setLoaded(true)
          setOpen(true)
        }}
      >
        <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
        Message the seller
        <span className="sr-only"> about {title}</span>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <MessageSellerDialog open={open} onClose={() => setOpen(false)} productId={productId} title={title} />
        </Suspense>
      ) : null}
    </>
  )
}
