/**
 * Sets of rows as bits (bit i of word i >>> 5 is row i), for in-memory search: a filter is the OR of its values'
 * sets, a search the AND of its filters, and a count a popcount. 100,000 rows take 3,125 words (12.5 KB), so an AND
 * or a count over every listing is a few thousand word operations instead of a hundred thousand row visits.
 */
export type Bits = Uint32Array

/** An empty set for `size` rows. */
export const emptyBits = (size: number): Bits => new Uint32Array((size + 31) >>> 5)

/** Every row below `size`. */
export function fullBits(size: number): Bits {
  const bits = emptyBits(size).fill(0xffffffff)
  const tail = size & 31
  if (tail !== 0) bits[bits.length - 1] = (1 << tail) - 1
  return bits
}

export function setBit(bits: Bits, row: number): void {
  bits[row >>> 5]! |= 1 << (row & 31)
}

export const hasBit = (bits: Bits, row: number): boolean => ((bits[row >>> 5]! >>> (row & 31)) & 1) === 1

/** `target` becomes `target ∧ other`. */
export function andInto(target: Bits, other: Bits): Bits {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!
  return target
}

/** `target` becomes `target ∨ other`. */
export function orInto(target: Bits, other: Bits): Bits {
  for (let w = 0; w < target.length; w++) target[w]! |= other[w]!
  return target
}

/** The number of set bits of one 32-bit word. */
function bitsIn(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** How many rows `bits` holds. */
export function countBits(bits: Bits): number {
  let n = 0
  for (let w = 0; w < bits.length; w++) if (bits[w] !== 0) n += bitsIn(bits[w]!)
  return n
}

/** How many rows both sets hold, without making their intersection. */
export function countBoth(a: Bits, b: Bits): number {
  let n = 0
  for (let w = 0; w < a.length; w++) {
    const both = a[w]! & b[w]!
    if (both !== 0) n += bitsIn(both)
  }
  return n
}

/** The rows of `bits` in ascending order. */
export function rowsOf(bits: Bits, count = countBits(bits)): Uint32Array {
  const rows = new Uint32Array(count)
  let n = 0
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!
    while (word !== 0) {
      const low = word & -word
      rows[n++] = (w << 5) + 31 - Math.clz32(low)
      word ^= low
    }
  }
  return rows
}
