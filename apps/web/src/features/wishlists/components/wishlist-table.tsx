import type { WishlistEntry } from '@preloved/shared/bookings'
import { ShoppingCart, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import { type Column, DataTable, indexColumn, TableThumb } from '@/components/ui/table'
import { paths } from '@/config/paths'
import { formatPrice } from '@/lib/format'
import { toast } from '@/lib/toast'
import { useRemoveFromWishlist } from '../api/wishlists'

function RemoveButton({ entry }: { entry: WishlistEntry }) {
  const remove = useRemoveFromWishlist()
  return (
    <Button
      variant="ghost"
      size="sm"
      className="gap-1.5 text-error"
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(entry._id, {
          onSuccess: (result) => {
            if (result.deletedCount > 0) toast.success(`${entry.bag} removed from your wishlist`)
          },
          onError: (error) => toast.error(error.message),
        })
      }
    >
      <Trash2 aria-hidden="true" className="size-4" />
      Remove<span className="sr-only"> {entry.bag} from your wishlist</span>
    </Button>
  )
}

/** 'Buy Now' to the bag's own page (docs/product/checkout.md#wishlist; not its category), or why it can no longer be bought. */
function BuyNow({ entry }: { entry: WishlistEntry }) {
  if (entry.status === 'sold') return <span className="text-sm text-base-content/75">Sold: no longer for sale</span>
  if (entry.status === 'removed') return <span className="text-sm text-base-content/75">No longer for sale</span>
  return (
    <ButtonLink to={paths.product(entry.product_id)} variant="primary" size="sm" className="gap-1.5">
      <ShoppingCart aria-hidden="true" className="size-4" />
      Buy Now<span className="sr-only"> {entry.bag}</span>
    </ButtonLink>
  )
}

const columns: Column<WishlistEntry>[] = [
  indexColumn(),
  { header: 'Image', cell: (e) => <TableThumb src={e.img} /> },
  {
    header: 'Item',
    cell: (e) => (
      <>
        {e.bag}
        {/* phones: the actions under the item, instead of columns off the screen */}
        <div className="mt-2 flex flex-wrap items-center gap-1 font-normal sm:hidden">
          <BuyNow entry={e} />
          <RemoveButton entry={e} />
        </div>
      </>
    ),
    rowHeader: true,
    className: 'min-w-36 max-w-72',
  },
  { header: 'Price', cell: (e) => formatPrice(e.price), className: 'whitespace-nowrap tabular-nums' },
  { header: 'Buy', cell: (e) => <BuyNow entry={e} />, className: 'hidden min-w-36 sm:table-cell' },
  {
    header: <span className="sr-only">Remove</span>,
    cell: (e) => <RemoveButton entry={e} />,
    className: 'hidden text-right sm:table-cell',
  },
]

export function WishlistTable({ entries, empty }: { entries: WishlistEntry[]; empty: ReactNode }) {
  return <DataTable caption="My Wishlist" columns={columns} rows={entries} rowKey={(e) => e._id} empty={empty} />
}
