import type { isAdminSchema, isSellerSchema } from '@preloved/shared/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api, retryServerErrors } from '@/lib/api-client'
import { objectParser } from '@/lib/shape-parser'

// SPEC §6: admin and seller status are decided by lookups by email (bearer token, own email only).

// The guards and the dashboard's menu read them on every dashboard page: checked by hand (the shared schemas' fields),
// so that zod stays out of the dashboard's first load.
const isAdminParser = objectParser<z.infer<typeof isAdminSchema>>({ isAdmin: 'boolean' })
const isSellerParser = objectParser<z.infer<typeof isSellerSchema>>({ isSeller: 'boolean' })

export const isAdminQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['users', 'admin', email],
    queryFn: ({ signal }) => api.get(`/users/admin/${encodeURIComponent(email)}`, isAdminParser, { signal }),
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  })

export const isSellerQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['users', 'seller', email],
    queryFn: ({ signal }) => api.get(`/users/seller/${encodeURIComponent(email)}`, isSellerParser, { signal }),
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
