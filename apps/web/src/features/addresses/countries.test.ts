import { addressSchema } from '@preloved/shared/addresses'
import { describe, expect, it } from 'vitest'
import { COMMON_COUNTRIES, COUNTRIES, countryName } from './countries'

const sample = { name: 'A', line1: 'B', city: 'C', postcode: '1', phone: '+1 555 0100' }

describe('the country list of the address forms', () => {
  it('holds every ISO 3166-1 country once, each a code the server accepts as it is', () => {
    expect(COUNTRIES).toHaveLength(249)
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length)
    for (const { code } of COUNTRIES) expect(addressSchema.parse({ ...sample, country: code }).country).toBe(code)
  })

  it('offers the common countries first, each in the full list, and names codes', () => {
    const codes = new Set(COUNTRIES.map((c) => c.code))
    for (const code of COMMON_COUNTRIES) expect(codes.has(code)).toBe(true)
    expect(COMMON_COUNTRIES[0]).toBe('US')
    expect(countryName('gb')).toBe('United Kingdom')
    expect(countryName('QQ')).toBe('QQ')
  })
})
