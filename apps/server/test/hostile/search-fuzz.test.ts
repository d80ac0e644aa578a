import { COLOURS, CONDITIONS, MATERIALS, SEARCH_SORTS } from '@preloved/shared/constants'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../build-test-app.ts'
import { insertProduct, insertUser } from '../fixtures.ts'
import { HOSTILE } from './hostile-strings.ts'

/**
 * GET /api/search with generated query strings: its own parameters (fuzz.test.ts does not know them), each given
 * hostile, random or valid values, repeated or not, encoded or raw. Never a 5xx; a refusal is our 400 JSON naming a
 * parameter; an answer has the result's shape. FUZZ_SEED / FUZZ_RUNS explore further.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const RUNS = Number(process.env.FUZZ_RUNS ?? 150)

const t = await buildTestApp({ RATE_LIMIT_FACTOR: '1000' })
afterAll(() => t.close())
const seller = await insertUser(t.database.db, { role: 'seller' })
for (let i = 0; i < 5; i++) await insertProduct(t.database.db, seller.id, { title: `Fuzz flap ${i}`, colour: 'black' })

const PARAMS = [
  'q',
  'category',
  'brand',
  'condition',
  'colour',
  'material',
  'minPrice',
  'maxPrice',
  'verified',
  'sort',
  'limit',
  'cursor',
]
const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...COLOURS,
      ...MATERIALS,
      ...CONDITIONS,
      ...SEARCH_SORTS,
      'chanel',
      'Tote',
      'true',
      '0',
      '60',
      '1e400',
      'NaN',
      '-0',
      '%ED%A0%80',
      '%F0%9F%91%9C',
      '&|!():*',
      'a:*&!b',
      "'\\%_",
      'x'.repeat(201),
    ),
  },
)
const query = fc.array(fc.tuple(fc.constantFrom(...PARAMS), hostile, fc.boolean()), { minLength: 1, maxLength: 6 })

/** Raw values are sent as written, except what cannot be in a request line. */
const raw = (s: string) =>
  s
    .replace(/[\s#&?]/g, (c) => encodeURIComponent(c))
    .replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c.replace(/[\uD800-\uDFFF]/g, '')) || '%ED%A0%80')

describe('fuzzing GET /api/search', () => {
  it('never answers 5xx, refuses in our shape naming the parameter, answers in the result shape', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const qs = pairs
          .map(
            ([k, v, encoded]) =>
              `${k}=${encoded ? encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD')) : raw(v)}`,
          )
          .join('&')
        const res = await t.app.inject(`/api/search?${qs}`)
        const what = `${qs} → ${res.body.slice(0, 300)}`
        expect(res.statusCode, what).toBeLessThan(500)
        const json = res.json()
        if (res.statusCode === 200) {
          expect(Array.isArray(json.items), what).toBe(true)
          expect(typeof json.total, what).toBe('number')
        } else {
          expect(res.statusCode, what).toBe(400)
          expect(
            Object.keys(json)
              .filter((k) => k !== 'field')
              .sort(),
            what,
          ).toEqual(['error', 'message', 'statusCode'])
          expect(json.message, what).toMatch(new RegExp(`^(${PARAMS.join('|')}|querystring|Text may not)`))
        }
      }),
      { numRuns: RUNS, seed: SEED },
    )
  })
})
