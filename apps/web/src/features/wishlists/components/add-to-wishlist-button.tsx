import { messages } from '@preloved/shared/messages'
import { Heart } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button, type ButtonStyle } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { toast } from '@/lib/notify'
import { useAddToWishlist } from '../api/wishlists'

type AddToWishlistButtonProps = ButtonStyle & { productId: string; title: string }

/** SPEC §8: 'Added to wishlist', then My Orders (SPEC §2 "Navigation after actions"); a failure is a toast. */
export function AddToWishlistButton({ productId, title, variant = 'subtle', ...style }: AddToWishlistButtonProps) {
  const navigate = useNavigate()
  const addToWishlist = useAddToWishlist()
  return (
    <Button
      {...style}
      variant={variant}
      disabled={addToWishlist.isPending}
      onClick={() =>
        addToWishlist.mutate(productId, {
          onSuccess: () => {
            toast.success(messages.wishlists.added)
            navigate(paths.dashboard.myOrders())
          },
          onError: (error) => toast.error(error.message),
        })
      }
    >
      <Heart aria-hidden="true" className="size-4" />
      Add to your wishlist
      <span className="sr-only"> {title}</span>
    </Button>
  )
}
