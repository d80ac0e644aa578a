import type { PublicConfig } from '@preloved/shared/auth'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { objectParser } from '@/lib/shape-parser'

// Checked by hand (the shared publicConfigSchema's fields): the payment page reads it on its first load without zod.
const publicConfigParser = objectParser<PublicConfig>({
  googleSignIn: { nullable: ['google', 'oidc'] },
  payments: objectParser<PublicConfig['payments']>({
    provider: ['test', 'stripe'],
    publishableKey: { nullable: 'string' },
  }),
})

/** GET /api/config: which provider "Continue With Google" uses on this installation, if any, and the card processor. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get('/config', publicConfigParser, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
