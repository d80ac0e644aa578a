import type { Address } from '@preloved/shared/addresses'
import type { TestCard } from '@preloved/shared/payments'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'

// The payment intent and paying's answers are checked with the shared schemas, imported when a request starts, so that
// zod stays out of the payment page's first chunk and downloads while the request is in flight.
const paymentIntentSchema = () => import('@preloved/shared/payments').then((m) => m.paymentIntentSchema)
const testConfirmResultSchema = () => import('@preloved/shared/payments').then((m) => m.testConfirmResultSchema)
const insertResultSchema = () => import('@preloved/shared/products').then((m) => m.insertResultSchema)

/**
 * POST /create-payment-intent {bookingId}: the server decides the amount (docs/product/checkout.md#payment) and hands back the secret the
 * card is confirmed with. Asked once per visit of the payment page, never from cache.
 */
export const paymentIntentQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: ['payment-intent', bookingId],
    queryFn: ({ signal }) => api.post('/create-payment-intent', { bookingId }, paymentIntentSchema(), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
  })

export function usePaymentIntent(bookingId: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(bookingId), enabled })
}

/**
 * Pay pressed: POST /create-payment-intent again, now with the delivery address, which the server keeps on
 * the booking (and among the saved addresses with `saveAddress`). It answers the intent to confirm the card with: the
 * same one unless the amount changed meanwhile, and the page shows what it answers.
 */
export function useSendDeliveryAddress(bookingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ address, save }: { address: Address; save: boolean }) =>
      api.post(
        '/create-payment-intent',
        { bookingId, address, ...(save ? { saveAddress: true } : {}) },
        paymentIntentSchema(),
      ),
    onSuccess: (intent, { save }) => {
      queryClient.setQueryData(paymentIntentQueryOptions(bookingId).queryKey, intent)
      if (save) void queryClient.invalidateQueries({ queryKey: ['addresses'] })
    },
  })
}

type Billing = { name: string; email: string }
type PayInput = {
  clientSecret: string
  card: TestCard
  billing: Billing
  bookingId: string
  price: number
}

/** docs/product/storefront.md#api-rules: POST /payments with the original body; the server checks the transaction with the processor itself. */
const recordPayment = (input: { transactionId: string; billing: Billing; bookingId: string; price: number }) =>
  api.post(
    '/payments',
    {
      price: input.price,
      transactionId: input.transactionId,
      email: input.billing.email,
      bookingId: input.bookingId,
      paid: true,
    },
    insertResultSchema(),
  )

function useInvalidateAfterPayment() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['bookings'] })
    void queryClient.invalidateQueries({ queryKey: ['products'] })
    void queryClient.invalidateQueries({ queryKey: ['wishlists'] })
  }
}

/**
 * The test-mode processor (docs/product/checkout.md#processors): confirm the card with the secret and billing name and email, then record the
 * payment (docs/product/storefront.md#api-rules: POST /payments). The card goes to the processor only; nothing of it is kept.
 */
// A charge the processor confirmed but the server has not recorded yet (the network failed in between): paying again
// records that charge instead of charging the card twice. Memory only; it holds no card data.
const confirmedCharges = new Map<string, string>()

export function usePayWithTestCard() {
  const onSuccess = useInvalidateAfterPayment()
  return useMutation({
    mutationFn: async ({ clientSecret, card, billing, bookingId, price }: PayInput) => {
      let transactionId = confirmedCharges.get(clientSecret)
      if (!transactionId) {
        const confirmed = await api.post(
          '/test-processor/confirm',
          { clientSecret, card, billing },
          testConfirmResultSchema(),
        )
        transactionId = confirmed.transactionId
        confirmedCharges.set(clientSecret, transactionId)
      }
      await recordPayment({ transactionId, billing, bookingId, price })
      confirmedCharges.delete(clientSecret)
      return { transactionId }
    },
    onSuccess,
  })
}

/**
 * Stripe (docs/product/checkout.md#processors): `confirm` is Stripe.js's confirmCardPayment with the card field (the card never touches our
 * servers); a succeeded PaymentIntent is then recorded, and the server asks Stripe itself before selling the bag.
 * If recording fails after the charge, paying again records the same intent (Stripe answers "already succeeded").
 */
export function usePayWithStripe() {
  const onSuccess = useInvalidateAfterPayment()
  return useMutation({
    mutationFn: async (input: {
      confirm: () => Promise<{ intentId?: string | undefined; status?: string | undefined; error?: string | undefined }>
      billing: Billing
      bookingId: string
      price: number
    }) => {
      const result = await input.confirm()
      if (result.error || !result.intentId) throw new Error(result.error ?? 'Your card could not be charged.')
      if (result.status !== 'succeeded')
        throw new Error('Your payment is still being processed. Check My Orders shortly.')
      await recordPayment({ transactionId: result.intentId, ...input })
      return { transactionId: result.intentId }
    },
    onSuccess,
  })
}
