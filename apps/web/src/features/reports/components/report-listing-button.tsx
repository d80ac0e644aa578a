import { Flag } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button, type ButtonStyle } from '@/components/ui/button'
import { cn } from '@/lib/cn'

// The dialog (and its reasons) downloads on the first click only.
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })))

/** 'Report this Listing': opens the report dialog of the reports feature. */
export function ReportListingButton({
  productId,
  title,
  compact = false,
  className,
  ...style
}: ButtonStyle & {
  productId: string
  title: string /** phones: an icon button, its words its accessible name */
  compact?: boolean
}) {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        {...style}
        className={cn(className, compact && 'max-sm:btn-square')}
        title={compact ? 'Report this Listing' : undefined}
        onClick={() => {
          setLoaded(true)
          setOpen(true)
        }}
      >
        <Flag aria-hidden="true" className="size-4 shrink-0" />
        <span className={compact ? 'max-sm:sr-only' : undefined}>Report this Listing</span>
        <span className="sr-only"> {title}</span>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <ReportDialog open={open} onClose={() => setOpen(false)} productId={productId} title={title} />
        </Suspense>
      ) : null}
    </>
  )
}
