import { messages } from '@preloved/shared/messages'
import { Heart } from 'lucide-react'
import { Link } from 'react-router'
import { Button, type ButtonStyle } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useSession } from '@/lib/auth-client'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/notify'
import { useAddToWishlist, useRemoveFromWishlist, useWishlist } from '../api/wishlists'

type WishlistButtonProps = ButtonStyle & {
  productId: string
  title: string
  /** Phones (below 640 px): an icon button; its words stay its accessible name. */
  compact?: boolean
}

/** The toast with a link stays long enough to reach the link (react-hot-toast's success default is 2 s). */
const ADDED_TOAST_MS = 6000

/** 'Added to wishlist' with a way to the list: the shopper stays on the page. */
function AddedToast() {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span>{messages.wishlists.added}</span>
      <Link to={paths.dashboard.wishlist()} className="link font-semibold text-primary">
        View wishlist
      </Link>
    </span>
  )
}

/**
 * 'Add to your wishlist', or 'In your wishlist' (the heart filled) when the signed-in user's wishlist (the server's)
 * holds the bag; pressing it then removes the bag. The shopper stays on the page either way (the original
 * design moved to My Orders).
 */
export function WishlistButton({
  productId,
  title,
  compact = false,
  variant = 'subtle',
  className,
  ...style
}: WishlistButtonProps) {
  const { user } = useSession()
  const wishlist = useWishlist(user?.email)
  const add = useAddToWishlist()
  const remove = useRemoveFromWishlist()
  const entry = wishlist.data?.find((e) => e.product_id === productId)
  const busy = add.isPending || remove.isPending

  const onAdd = () => {
    add.mutate(productId, {
      onSuccess: ({ alreadySaved }) => {
        // this page's list was stale (another tab saved the bag): the server kept its one entry, and says so
        if (alreadySaved) toast.success(messages.wishlists.alreadySaved)
        else toast.success(<AddedToast />, { duration: ADDED_TOAST_MS })
      },
      onError: (error) => toast.error(error.message),
    })
  }
  const onRemove = (id: string) =>
    remove.mutate(id, {
      onSuccess: (result) => {
        if (result.deletedCount > 0) toast.success(messages.wishlists.removed)
      },
      onError: (error) => toast.error(error.message),
    })

  const label = entry ? 'In your wishlist' : 'Add to your wishlist'
  return (
    <Button
      {...style}
      variant={variant}
      className={cn('gap-2', compact && 'max-sm:btn-square', entry && 'border-primary/40 text-primary', className)}
      disabled={busy}
      aria-busy={busy || undefined}
      title={compact || entry ? (entry ? 'In your wishlist: press to remove it' : label) : undefined}
      onClick={() => (entry ? onRemove(entry._id) : onAdd())}
      data-wishlisted={entry ? 'yes' : 'no'}
    >
      <Heart aria-hidden="true" className={cn('size-4 shrink-0', entry && 'fill-current')} />
      <span className={cn(compact && 'max-sm:sr-only')}>{label}</span>
      <span className="sr-only"> {title}</span>
    </Button>
  )
}
