import { describe, expect, it } from 'vitest'
import { andInto, countBits, countBoth, emptyBits, fullBits, hasBit, orInto, rowsOf, setBit } from './bitset.ts'

const setOf = (size: number, rows: number[]) => {
  const bits = emptyBits(size)
  for (const row of rows) setBit(bits, row)
  return bits
}

describe('sets of rows as bits', () => {
  it('holds every row below the size and none past it, whatever the last word holds', () => {
    for (const size of [1, 31, 32, 33, 64, 95, 100]) {
      const all = fullBits(size)
      expect(countBits(all)).toBe(size)
      expect(Array.from(rowsOf(all))).toEqual(Array.from({ length: size }, (_, i) => i))
    }
  })

  it('lists, counts, intersects and joins rows across words, the highest bit of a word included', () => {
    const a = setOf(100, [0, 31, 32, 63, 64, 99])
    const b = setOf(100, [31, 63, 70, 99])
    expect(Array.from(rowsOf(a))).toEqual([0, 31, 32, 63, 64, 99])
    expect(countBoth(a, b)).toBe(3)
    expect(hasBit(a, 31)).toBe(true)
    expect(hasBit(a, 30)).toBe(false)
    expect(Array.from(rowsOf(andInto(a.slice(), b)))).toEqual([31, 63, 99])
    expect(Array.from(rowsOf(orInto(a.slice(), b)))).toEqual([0, 31, 32, 63, 64, 70, 99])
  })
})
