import { describe, expect, it } from 'vitest'
import type { ResponseParser } from './api-client'
import { listParser, objectParser } from './shape-parser'

type Item = {
  id: string
  price: number
  live: boolean
  status: 'held' | 'paid'
  note?: string
  key: string | null
  box: { size: number }
}

const boxParser = objectParser<Item['box']>({ size: 'number' })
const itemShape = {
  id: 'string',
  price: 'number',
  live: 'boolean',
  status: ['held', 'paid'],
  note: { optional: 'string' },
  key: { nullable: 'string' },
  box: boxParser,
} as const
const itemParser = objectParser<Item>(itemShape)
const item: Item = { id: 'a1', price: 12.5, live: true, status: 'held', key: null, box: { size: 3 } }

function problem<T>(parser: ResponseParser<T>, data: unknown): string {
  const parsed = parser.safeParse(data)
  if (parsed.success) throw new Error('expected a failure')
  return (parsed.error as Error).message
}

describe('objectParser', () => {
  it('accepts an object of the shape and gives it back as it is, extra fields included', () => {
    const data = { ...item, note: 'mint', key: 'k', extra: 1 }
    const parsed = itemParser.safeParse(data)
    expect(parsed).toEqual({ success: true, data })
    expect(parsed.success && parsed.data).toBe(data)
  })

  it('refuses what is not an object', () => {
    for (const data of [null, undefined, 'a', 3, [item]]) expect(problem(itemParser, data)).toBe('not an object')
  })

  it('names a missing field, and a field of the wrong type', () => {
    const { price: _, ...withoutPrice } = item
    expect(problem(itemParser, withoutPrice)).toBe('price is missing')
    expect(problem(itemParser, { ...item, price: '12.5' })).toBe('price has the wrong type')
    expect(problem(itemParser, { ...item, live: 'true' })).toBe('live has the wrong type')
    expect(problem(itemParser, { ...item, id: 1 })).toBe('id has the wrong type')
  })

  it('accepts only the listed strings for a fixed list', () => {
    expect(itemParser.safeParse({ ...item, status: 'paid' }).success).toBe(true)
    expect(problem(itemParser, { ...item, status: 'expired' })).toBe('status has the wrong type')
    expect(problem(itemParser, { ...item, status: 0 })).toBe('status has the wrong type')
  })

  it('lets an optional field be absent or undefined, not null or of another type', () => {
    expect(itemParser.safeParse({ ...item, note: undefined }).success).toBe(true)
    expect(problem(itemParser, { ...item, note: null })).toBe('note has the wrong type')
    expect(problem(itemParser, { ...item, note: 3 })).toBe('note has the wrong type')
  })

  it('lets a nullable field be null, not absent or of another type', () => {
    expect(itemParser.safeParse({ ...item, key: 'k' }).success).toBe(true)
    const { key: _, ...withoutKey } = item
    expect(problem(itemParser, withoutKey)).toBe('key is missing')
    expect(problem(itemParser, { ...item, key: 3 })).toBe('key has the wrong type')
  })

  it('checks a nested object with its own parser, naming the inner field', () => {
    expect(problem(itemParser, { ...item, box: { size: '3' } })).toBe('box is wrong: size has the wrong type')
    expect(problem(itemParser, { ...item, box: null })).toBe('box is wrong: not an object')
    const { box: _, ...withoutBox } = item
    expect(problem(itemParser, withoutBox)).toBe('box is missing')
  })
})

describe('listParser', () => {
  const parser = listParser<Item>(itemShape)

  it('accepts an array of objects of the shape, an empty one too', () => {
    const data = [item, { ...item, id: 'a2' }]
    expect(parser.safeParse(data)).toEqual({ success: true, data })
    expect(parser.safeParse([])).toEqual({ success: true, data: [] })
  })

  it('refuses what is not an array, and names the first wrong item', () => {
    expect(problem(parser, item)).toBe('expected an array')
    expect(problem(parser, [item, { ...item, status: 'gone' }, 1])).toBe('item 1: status has the wrong type')
  })

  it('checks lists inside objects', () => {
    const withItems = objectParser<{ items: Item[] }>({ items: parser })
    expect(withItems.safeParse({ items: [item] }).success).toBe(true)
    expect(problem(withItems, { items: [{}] })).toBe('items is wrong: item 0: id is missing')
  })
})
