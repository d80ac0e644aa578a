import { isVerifiedSchema } from '@preloved/shared/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/seller/verified/{email}: whether an admin has verified this seller (docs/product/accounts.md#seller-verification). */
export const sellerVerificationQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['users', 'verified', email],
    queryFn: ({ signal }) => api.get(`/seller/verified/${encodeURIComponent(email)}`, isVerifiedSchema, { signal }),
  })

/** Only a hint on the Add a Product page: a failure leaves it out rather than failing the page. */
export function useSellerVerification(email: string | undefined) {
  const query = useQuery({ ...sellerVerificationQueryOptions(email ?? ''), enabled: Boolean(email), retry: 1 })
  return { ...query, isVerified: query.data?.isVerified }
}
