import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'

// docs/product/accounts.md#roles: admin and seller status are decided by lookups by email (bearer token, own email only).

// The guards and the dashboard's menu read them on every dashboard page: checked with the shared schemas, imported
// when the lookup starts, so that zod stays out of the dashboard's first chunk and downloads while it is in flight.
const isAdminSchema = () => import('@preloved/shared/auth').then((m) => m.isAdminSchema)
const isSellerSchema = () => import('@preloved/shared/auth').then((m) => m.isSellerSchema)

export const isAdminQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['users', 'admin', email],
    queryFn: ({ signal }) => api.get(`/users/admin/${encodeURIComponent(email)}`, isAdminSchema(), { signal }),
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  })

export const isSellerQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['users', 'seller', email],
    queryFn: ({ signal }) => api.get(`/users/seller/${encodeURIComponent(email)}`, isSellerSchema(), { signal }),
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  })

/** `useAdmin(email)`: `isAdmin` is undefined while the lookup runs (or without an email). */
export function useAdmin(email: string | undefined) {
  const query = useQuery({ ...isAdminQueryOptions(email ?? ''), enabled: Boolean(email) })
  return { ...query, isAdmin: query.data?.isAdmin }
}

export function useSeller(email: string | undefined) {
  const query = useQuery({ ...isSellerQueryOptions(email ?? ''), enabled: Boolean(email) })
  return { ...query, isSeller: query.data?.isSeller }
}
