import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The category and product pages offer 'Add to your wishlist': the list and the changes' answers are checked with the
// shared schemas, imported when a request starts, so that zod stays out of those pages' first chunk and downloads
// while the request is in flight.
const wishlistSchema = () => import('@preloved/shared/bookings').then((m) => m.wishlistSchema)
const addResultSchema = () => import('@preloved/shared/bookings').then((m) => m.wishlistAddResultSchema)
const deleteResultSchema = () => import('@preloved/shared/products').then((m) => m.deleteResultSchema)

/** docs/product/storefront.md#api-rules: GET /wishlists?email={email} (bearer token; own list only). */
export const wishlistQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['wishlists', { email }],
    queryFn: ({ signal }) => api.get(`/wishlists?${new URLSearchParams({ email })}`, wishlistSchema(), { signal }),
  })

export function useWishlist(email: string | undefined) {
  return useQuery({ ...wishlistQueryOptions(email ?? ''), enabled: Boolean(email) })
}

/** POST /wishlists {product_id}: one entry per bag and user; adding it twice is harmless, and answers `alreadySaved`. */
export function useAddToWishlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (productId: string) => api.post('/wishlists', { product_id: productId }, addResultSchema()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wishlists'] }),
  })
}

/** DELETE /wishlists/{id}. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (entryId: string) => api.delete(`/wishlists/${encodeURIComponent(entryId)}`, deleteResultSchema()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wishlists'] }),
  })
}
