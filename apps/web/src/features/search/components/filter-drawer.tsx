import { searchMessages as t } from '@preloved/shared/messages/search'
import type { ReactNode } from 'react'
import { Modal } from '@/components/ui/modal'

type FilterDrawerProps = {
  open: boolean
  onClose: () => void
  /** The live count of the search as filtered so far. */
  total: number | undefined
  children: ReactNode
}

const count = new Intl.NumberFormat('en-US')

/**
 * Phones: the filters in a modal dialog (the page behind is inert, Escape closes it, focus returns to the Filters
 * button). Each change applies at once, behind it; "Show N results" closes it on the answer.
 */
export function FilterDrawer({ open, onClose, total, children }: FilterDrawerProps) {
  return (
    <Modal open={open} onClose={onClose} title={t.filtersHeading} className="flex max-h-[92dvh] flex-col sm:max-w-md">
      <div className="-mx-6 -my-5 flex flex-col">
        <div className="px-6 py-5">{children}</div>
        <div className="sticky bottom-0 border-t border-base-300 bg-base-100 px-6 py-3">
          <button type="button" className="btn btn-primary btn-block" onClick={onClose} aria-live="polite">
            {total === undefined ? t.filters : t.showResults(count.format(total), total === 1)}
          </button>
        </div>
      </div>
    </Modal>
  )
}
