import { useMemo } from 'react'
import { useLocation } from 'react-router'
import { paths } from '@/config/paths'

/** What a guard puts in the login page's location state: `{ from: location }` (docs/product/accounts.md#guards: the origin is kept). */
export type FromState =
  | { from?: { pathname?: unknown; search?: unknown; hash?: unknown }; needs?: NeededRole }
  | null
  | undefined

/** The role a guarded page needs, which the signed-in user lacks (the login page says so). */
export type NeededRole = 'admin' | 'seller'

/** The role a guard's redirect says the origin page needs, if it says one. */
export function neededRoleOf(state: unknown): NeededRole | undefined {
  const needs = (state as FromState)?.needs
  return needs === 'admin' || needs === 'seller' ? needs : undefined
}

const authPages = new Set([paths.login(), paths.signup(), paths.forgotPassword(), paths.resetPassword()])

/** An in-app path to return to: never another site, never an auth page (that would loop). */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return undefined
  }
  const pathname = value.split(/[?#]/, 1)[0] ?? ''
  return authPages.has(pathname) ? undefined : value
}

/** The origin page of a guard's redirect, as one path with its query and hash. */
export function fromLocationState(state: unknown): string | undefined {
  const from = (state as FromState)?.from
  if (!from || typeof from.pathname !== 'string') return undefined
  const search = typeof from.search === 'string' ? from.search : ''
  const hash = typeof from.hash === 'string' ? from.hash : ''
  return safeReturnPath(`${from.pathname}${search}${hash}`)
}

/** The current query string (react-router's useSearchParams, without its setter, which every page would load). */
export function useQueryParams(): URLSearchParams {
  const { search } = useLocation()
  return useMemo(() => new URLSearchParams(search), [search])
}
