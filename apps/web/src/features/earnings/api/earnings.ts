import { type Earnings, earningsSchema, type PayoutAccountBody } from '@preloved/shared/orders'
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'

/**
 * GET /api/earnings (seller): the three balances (sums of the ledger), the payout account, and the ledger's lines
 * newest first, a page at a time (the next page's cursor comes in the `Link` header; each page repeats the balances).
 */
export const earningsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['earnings'],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(pageParam ? `/earnings?${new URLSearchParams({ cursor: pageParam })}` : '/earnings', earningsSchema, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

/**
 * The balances and account as the newest page states them, with every line loaded so far. A failed first load shows
 * the route-error screen (docs/style.md#errors); a failed refetch keeps the figures on screen.
 */
export function useEarnings() {
  const query = useInfiniteQuery({
    ...earningsQueryOptions(),
    throwOnError: (_error, q) => q.state.data === undefined,
  })
  const pages = query.data?.pages
  const first = pages?.[0]?.data
  const data: Earnings | undefined =
    first && pages ? { ...first, entries: pages.flatMap((p) => p.data.entries) } : undefined
  return { ...query, data }
}

/** The payout made: its amount (dollars) and whether it went through or waits for the provider. */
const payoutAnswerSchema = z.looseObject({
  amount: z.number().optional(),
  status: z.enum(['pending', 'paid', 'failed']).optional(),
})

/** POST /api/payouts (seller): pays out the whole available balance; 409 when nothing is available. */
export function usePayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/payouts', {}, payoutAnswerSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['earnings'] }),
  })
}

/** With Stripe the answer is Connect's onboarding link, where the page sends the seller. */
const payoutAccountAnswerSchema = z.looseObject({ url: z.string().optional() })

/** Where the page may send the seller: a web address (never `javascript:` or the like), or null. */
export function onboardingTarget(url: string | undefined): string | null {
  if (!url) return null
  try {
    const target = new URL(url)
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null
  } catch {
    return null
  }
}

/**
 * POST /api/payout-account (seller). In test mode the holder's name and an account number (the server keeps the last
 * four digits only); with Stripe no body, and the answer's `url` is the Connect onboarding link.
 */
export function useSavePayoutAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PayoutAccountBody | undefined) =>
      api.post('/payout-account', body ?? {}, payoutAccountAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['earnings'] }),
  })
}

export type { Earnings }
