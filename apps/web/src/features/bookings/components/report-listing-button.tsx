import { Flag } from 'lucide-react'
import { useState } from 'react'
import { Button, type ButtonStyle } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'

// Reporting itself comes with the reports feature (issue 6); until then the button says so instead of doing nothing.

/** 'Report this Listing': for now a small dialog saying reporting is on its way. */
export function ReportListingButton({ title, ...style }: ButtonStyle & { title: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="ghost" size="sm" {...style} onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" className="size-4" />
        Report this Listing<span className="sr-only"> {title}</span>
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Report this Listing">
        <div className="flex flex-col gap-4">
          <p className="text-base-content/85">
            Reporting listings is coming soon. If something about “{title}” looks wrong, please check back shortly: you
            will be able to tell our team about it right here.
          </p>
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => setOpen(false)}>
              OK
            </Button>
          </div>
        </div>
      </Modal>
    </>
  )
}
