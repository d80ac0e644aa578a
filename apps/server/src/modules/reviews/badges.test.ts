import { describe, expect, it } from 'vitest'
import { averageOf, badgesOf, isTopRated, medianShownOf, ratingOf, shipHoursOf, shipsFast } from './badges.ts'

// The badge rules at their edges, as pure functions (the API test, standing.test.ts, drives them through the routes).

const figures = {
  verified: false,
  reviewCount: 0,
  ratingSum: 0,
  shippedCount: 0,
  medianShipHours: null,
}

describe('Top rated: an average of 4.8 or more over 10 reviews or more', () => {
  it.each([
    [479, 100, false, 4.7], // 4.79: below, and it reads 4.7 (rounded down), never 4.8 without the badge
    [480, 100, true, 4.8],
    [48, 10, true, 4.8],
    [47, 10, false, 4.7],
    [45, 9, false, 5], // 5.0 over nine reviews: too few
    [50, 10, true, 5],
    [4799, 1000, false, 4.7],
    [4800, 1000, true, 4.8],
  ])('%i stars over %i reviews → %s (reads %s)', (sum, count, top, shown) => {
    expect(isTopRated({ ratingSum: sum, reviewCount: count })).toBe(top)
    expect(averageOf(sum, count)).toBe(shown)
    expect(ratingOf({ ...figures, ratingSum: sum, reviewCount: count }).badges.includes('top_rated')).toBe(top)
  })

  it('reads no average without reviews', () => {
    expect(averageOf(0, 0)).toBeNull()
    expect(ratingOf(figures)).toEqual({ average: null, count: 0, badges: [] })
  })

  it('rounds every average down to one decimal', () => {
    expect(averageOf(14, 3)).toBe(4.6) // 4.666…
    expect(averageOf(13, 3)).toBe(4.3) // 4.333…
    expect(averageOf(5, 1)).toBe(5)
    expect(averageOf(1, 1)).toBe(1)
  })
})

describe('Ships fast: a median ship time of 48 hours or less over 5 shipped orders or more', () => {
  it.each([
    [4, 24, false],
    [5, 24, true],
    [5, 48, true],
    [5, 48 + 1 / 60, false], // 48 h and a minute
    [50, 47.99, true],
    [5, null, false],
  ])('%i orders with a median of %s h → %s', (shippedCount, medianShipHours, fast) => {
    expect(shipsFast({ shippedCount, medianShipHours })).toBe(fast)
  })

  it('shows the median rounded up to one decimal, and only over 5 orders or more', () => {
    expect(shipHoursOf(48 + 1 / 60)).toBe(48.1)
    expect(shipHoursOf(48)).toBe(48)
    expect(shipHoursOf(23.04)).toBe(23.1)
    expect(medianShownOf({ ...figures, shippedCount: 4, medianShipHours: 20 })).toBeNull()
    expect(medianShownOf({ ...figures, shippedCount: 5, medianShipHours: 20 })).toBe(20)
  })
})

describe('badgesOf', () => {
  it('lists the badges earned, in a fixed order; Verified is the admin check', () => {
    expect(badgesOf({ verified: true, reviewCount: 10, ratingSum: 50, shippedCount: 5, medianShipHours: 1 })).toEqual([
      'ships_fast',
      'top_rated',
      'verified',
    ])
    expect(badgesOf({ ...figures, verified: true })).toEqual(['verified'])
    expect(badgesOf(figures)).toEqual([])
  })
})
