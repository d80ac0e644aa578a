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

/**
 * False on the first render, true once that render has been painted (the task after the next frame). A request the
 * first screen does not need to show starts then, so that its answer cannot hold up that first paint: on the payment
 * page, opening the payment with the card processor (docs/decisions/011).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted
}
