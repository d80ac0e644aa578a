import { messages } from '@preloved/shared/messages'
import type { Product } from '@preloved/shared/products'
import { Megaphone, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/notify'
import { useAdvertiseProduct } from '../api/advertise-product'
import { useDeleteProduct } from '../api/delete-product'

type OwnListingActionsProps = {
  product: Product
  /** Phones (below 640 px): icon buttons; their words stay their accessible names. */
  compact?: boolean
  /** After a delete: the product page leaves for My Products; a card simply goes from the grid. */
  onDeleted?: () => void
  className?: string
}

/**
 * The seller's own listing: their own actions instead of 'Add to your wishlist' and 'Report this
 * Listing': Advertise (the home page's advertised items), Edit and Delete, with the delete confirmation (docs/product/storefront.md#feedback). A
 * sold bag has none of them (the server refuses them all).
 */
export function OwnListingActions({ product, compact = false, onDeleted, className }: OwnListingActionsProps) {
  const advertise = useAdvertiseProduct()
  const deleteProduct = useDeleteProduct()
  const [confirming, setConfirming] = useState(false)
  if (product.status !== 'available') return null
  const label = compact ? 'max-sm:sr-only' : undefined
  const iconOnly = compact ? 'max-sm:btn-square' : undefined

  const confirmDelete = () =>
    deleteProduct.mutate(product._id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(messages.products.deleted(product.title))
        onDeleted?.()
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setConfirming(false),
    })

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {product.advertisement ? (
        <Badge tone="success" className="badge-outline gap-1">
          <Megaphone aria-hidden="true" className="size-3.5" />
          Advertised
        </Badge>
      ) : (
        <Button
          size="sm"
          variant="subtle"
          className={cn('gap-1.5', iconOnly)}
          title={compact ? 'Advertise' : undefined}
          disabled={advertise.isPending}
          aria-busy={advertise.isPending || undefined}
          onClick={() =>
            advertise.mutate(product._id, {
              onSuccess: () => toast.success(messages.products.advertised),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          <Megaphone aria-hidden="true" className="size-4 shrink-0" />
          <span className={label}>Advertise</span>
          <span className="sr-only"> {product.title}</span>
        </Button>
      )}
      <ButtonLink
        to={paths.dashboard.editProduct(product._id)}
        size="sm"
        variant="subtle"
        className={cn('gap-1.5', iconOnly)}
        title={compact ? messages.listingForm.edit : undefined}
      >
        <Pencil aria-hidden="true" className="size-4 shrink-0" />
        <span className={label}>{messages.listingForm.edit}</span>
        <span className="sr-only"> {product.title}</span>
      </ButtonLink>
      <Button
        size="sm"
        variant="subtle"
        className={cn('gap-1.5 text-error hover:border-error/40', iconOnly)}
        title={compact ? 'Delete' : undefined}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" className="size-4 shrink-0" />
        <span className={label}>Delete</span>
        <span className="sr-only"> {product.title}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        name={product.title}
        busy={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}
