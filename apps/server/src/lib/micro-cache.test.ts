import { afterEach, describe, expect, it, vi } from 'vitest'
import { MicroCache } from './micro-cache.ts'

afterEach(() => vi.useRealTimers())

describe('MicroCache', () => {
  it('keeps a value until its time is up', () => {
    vi.useFakeTimers()
    const cache = new MicroCache<string>(1000)
    cache.set('a', 'A')
    vi.advanceTimersByTime(999)
    expect(cache.get('a')).toBe('A')
    vi.advanceTimersByTime(1)
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets everything on clear and drops the oldest entry when full', () => {
    const cache = new MicroCache<number>(60_000, 2)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3])
    cache.clear()
    expect(cache.get('b')).toBeUndefined()
  })

  it('caches nothing with a zero time to live', () => {
    const cache = new MicroCache<number>(0)
    cache.set('a', 1)
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets only the entries deleteWhere picks', () => {
    const cache = new MicroCache<number[]>(60_000)
    cache.set('a', [1, 2])
    cache.set('b', [3])
    cache.deleteWhere((ids) => ids.includes(2))
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, [3]])
  })

  it('does not store a value read before an invalidation', () => {
    const cache = new MicroCache<number>(60_000)
    const before = cache.version
    cache.deleteWhere(() => false)
    cache.set('a', 1, before)
    expect(cache.get('a')).toBeUndefined()
    const after = cache.version
    cache.set('a', 2, after)
    expect(cache.get('a')).toBe(2)
    cache.clear()
    cache.set('b', 3, after)
    expect(cache.get('b')).toBeUndefined()
  })
})
