import { describe, expect, it } from 'vitest'
import { defaultName, summariseQuery } from './summary'

describe('summariseQuery', () => {
  it.each([
    ['', 'All bags'],
    ['q=flap&brand=chanel&colour=black', '“flap” · Chanel · Black'],
    ['category=Tote&maxPrice=300', 'Tote Bags · up to $300.00'],
    ['minPrice=100&maxPrice=250.5&verified=true', '$100.00–$250.50 · Verified sellers'],
    [
      'brand=louis-vuitton&material=coated%20canvas&sort=price_asc',
      'Louis Vuitton · Coated canvas · Price: low to high',
    ],
    ['colour=neon', 'neon'],
  ])('%s reads %s', (query, words) => {
    expect(summariseQuery(query)).toBe(words)
  })

  it('names a search by its words and filters, at most 80 characters', () => {
    expect(defaultName('q=flap&brand=chanel')).toBe('“flap” · Chanel')
    expect(defaultName(`q=${'a'.repeat(100)}`)).toHaveLength(80)
  })
})
