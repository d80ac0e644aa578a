import { startTransition, useEffect, useState } from 'react'

/**
 * How many items of a long list to render now: the first `first` on the first render, then `first` more after each
 * commit, as transitions. The first screen commits only what it shows (a phone shows one card, a desktop a row of
 * three), and the cards below the fold follow a row at a time, each in a short task, instead of one long task that
 * holds up the first paint and the first tap (docs/decisions/011).
 */
export function useRenderInStages(total: number, first: number): number {
  const [shown, setShown] = useState(first)
  useEffect(() => {
    if (shown >= total) return
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + first)))
    return () => clearTimeout(timer)
  }, [shown, total, first])
  return Math.min(total, shown)
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
