import { QueryClient } from '@tanstack/react-query'

/**
 * TanStack Query's defaults are the spec's: 3 retries with exponential back-off capped at 30 s (SPEC §8).
 * Do not change `retry` here.
 */
export const queryClient = new QueryClient()
