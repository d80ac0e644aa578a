import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False on the server and while the browser hydrates the server's HTML, true afterwards (and for anything first
 * rendered after that): a component whose first render depends on the browser (its width, a redirect) renders as the
 * server did until hydration is over.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
