import { startTransition, useEffect, useState } from 'react'

/**
 * How many items of a long list to render now: the first `first` on the first render, all of them just after, as a
 * transition. The first screen then commits only what it shows (a phone shows one card, a desktop a row of three),
 * and the cards below the fold follow in React's interruptible work instead of one long task that holds up the
 * first paint and the first tap (docs/decisions/010).
 */
export function useRenderInStages(total: number, first: number): number {
  const [all, setAll] = useState(total <= first)
  useEffect(() => {
    if (all) return
    const timer = setTimeout(() => startTransition(() => setAll(true)))
    return () => clearTimeout(timer)
  }, [all])
  return all ? total : Math.min(total, first)
}
