import { type Earnings, earningsSchema, type PayoutAccountBody } from '@preloved/shared/orders'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'

/** GET /api/earnings (seller): the three balances (sums of the ledger), its lines newest first, the payout account. */
export const earningsQueryOptions = () =>
  queryOptions({
    queryKey: ['earnings'],
    queryFn: ({ signal }) => api.get('/earnings', earningsSchema, { signal }),
  })

/** A failed first load shows the route-error screen (STYLE §5); a failed refetch keeps the figures on screen. */
export function useEarnings() {
  return useQuery({
    ...earningsQueryOptions(),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}

// What a payout answers is the server's business: the page reads the balances again afterwards.
const anyAnswer = z.unknown()

/** POST /api/payouts (seller): pays out the whole available balance; 409 when nothing is available. */
export function usePayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/payouts', {}, anyAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['earnings'] }),
  })
}

/** With Stripe the answer is Connect's onboarding link, where the page sends the seller. */
const payoutAccountAnswerSchema = z.looseObject({ url: z.string().url().optional() })

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
