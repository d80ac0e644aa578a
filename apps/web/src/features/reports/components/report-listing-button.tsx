import { Flag } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button, type ButtonStyle } from '@/components/ui/button'

// The dialog (and its reasons) downloads on the first click only.
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })))

/** 'Report this Listing': opens the report dialog of the reports feature. */
export function ReportListingButton({
  productId,
  title,
  ...style
}: ButtonStyle & { productId: string; title: string }) {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        {...style}
        onClick={() => {
          setLoaded(true)
          setOpen(true)
        }}
      >
        <Flag aria-hidden="true" className="size-4" />
        Report this Listing<span className="sr-only"> {title}</span>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <ReportDialog open={open} onClose={() => setOpen(false)} productId={productId} title={title} />
        </Suspense>
      ) : null}
    </>
  )
}
