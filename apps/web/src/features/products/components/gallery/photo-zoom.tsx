import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Modal } from '@/components/ui/modal'

const text = messages.productPage

type PhotoZoomProps = {
  open: boolean
  photos: Product['photos']
  title: string
  index: number
  /** Show another photo (the gallery behind follows, so that closing lands on the photo last seen). */
  onIndex: (index: number) => void
  onClose: () => void
}

/**
 * One photo at its full 800 px in a modal dialog: Escape or Close shuts it and focus goes back to the gallery; the
 * buttons under the photo move through the others, and so do the arrow keys (the dialog sits inside the gallery,
 * whose key handler moves the photo it shows).
 */
export function PhotoZoom({ open, photos, title, index, onIndex, onClose }: PhotoZoomProps) {
  const count = photos.length
  const photo = photos[index] ?? photos[0]
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={count > 1 ? text.photoOf(index + 1, count) : undefined}
      className="sm:max-w-3xl"
    >
      <div className="-mx-6 -my-5 flex flex-col gap-3 bg-base-200 p-3 sm:p-4">
        {photo ? (
          <img
            src={photo.url}
            alt={count > 1 ? `${title}, ${text.photoOf(index + 1, count).toLowerCase()}` : title}
            width={800}
            height={800}
            className="mx-auto aspect-square max-h-[70dvh] w-auto max-w-full rounded-field object-contain"
          />
        ) : null}
        {count > 1 ? (
          <div className="flex items-center justify-between gap-3">
            <button type="button" className="btn btn-sm btn-ghost gap-1" onClick={() => onIndex(index - 1)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {text.previousPhoto}
            </button>
            <span aria-hidden="true" className="text-sm text-base-content/75 tabular-nums">
              {index + 1} / {count}
            </span>
            <button type="button" className="btn btn-sm btn-ghost gap-1" onClick={() => onIndex(index + 1)}>
              {text.nextPhoto}
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </Modal>
  )
}
