import { CATEGORY_SLUGS, COLOURS, CONDITIONS, MATERIALS } from '@preloved/shared/constants'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products, users } from '../../db/schema/index.ts'
import { type Bits, emptyBits, setBit } from './bitset.ts'
import { FACET_NAMES, type FacetName } from './search.repository.ts'

/** The code of a listing without a value for a facet (no brand, colour or material stated). */
export const NONE = 0xffff

/** The values of each facet, by code: a listing stores the code (its index here) in that facet's column. */
export interface Dictionary {
  category: readonly string[]
  brand: string[]
  condition: readonly string[]
  colour: readonly string[]
  material: readonly string[]
}

/**
 * The listings for sale as columns of small integers, one typed array per facet plus price, and each facet value's
 * listings and the verified sellers' listings as sets of rows (bitset.ts). 100,000 listings take about 1.3 MB of
 * columns and 12.5 KB per set.
 */
export interface Columns {
  size: number
  /** Row i is the i-th newest listing (created_at desc, id desc): its id and created_at in microseconds. */
  ids: string[]
  micros: Float64Array
  facet: Record<FacetName, Uint16Array>
  /** The rows of each value of each facet, by code (a listing without a value is in none). */
  valueRows: Record<FacetName, Bits[]>
  /** The rows whose seller is verified. */
  verifiedRows: Bits
  cents: Int32Array
  /** The rows by price, then id (price_asc; read backwards, price_desc), and each row's place in that order. */
  byPrice: Uint32Array
  priceRank: Uint32Array
  /** The row of each id. */
  rowOf: Map<string, number>
  dictionary: Dictionary
}

/**
 * A set of words' matches as rows of one snapshot of the columns, best first, with their relevance; and, made when
 * first asked for, the same rows in newest and in price order.
 */
export interface Subset {
  rows: Uint32Array
  scores: Float32Array
  newest?: Uint32Array
  byPrice?: Uint32Array
}

/** Fields of one listing in the text `readColumns` asks for, in this order. */
const FIELDS = [
  'id',
  'micros',
  'category',
  'brand',
  'condition',
  'colour',
  'material',
  'cents',
  'verified',
  'priceRank',
] as const

/**
 * Reads every listing for sale in one statement that answers one text: a listing per line, newest first, its fields
 * separated by tabs (none of them can hold one). Parsing that costs a fraction of what 100,000 row objects cost, and
 * the database ranks the prices. `micros` is `created_at` in microseconds since 1970, exact in a double.
 */
export async function readColumns(db: DbOrTx): Promise<Columns> {
  const result = (await db.execute(sql`
    select coalesce(string_agg(line, E'\n' order by created_at desc, id desc), '') as text from (
      select ${products.createdAt} as created_at, ${products.id} as id, concat_ws(E'\t',
        ${products.id}, (extract(epoch from ${products.createdAt}) * 1000000)::bigint, ${products.category},
        coalesce(${products.brandId}::text, ''), ${products.condition}, coalesce(${products.colour}, ''),
        coalesce(${products.material}, ''), ${products.resellPriceCents}, case when ${users.verified} then 1 else 0 end,
        row_number() over (order by ${products.resellPriceCents}, ${products.id}) - 1) as line
      from ${products} join ${users} on ${users.id} = ${products.sellerId}
      where ${products.status} = 'available'
    ) listing
  `)) as unknown as { rows: Array<{ text: string }> }
  const text = result.rows[0]?.text ?? ''
  const lines = text === '' ? [] : text.split('\n')
  const dictionary: Dictionary = {
    category: CATEGORY_SLUGS,
    brand: [],
    condition: CONDITIONS,
    colour: COLOURS,
    material: MATERIALS,
  }
  const brandCode = new Map<string, number>()
  const codeOf = (name: FacetName, value: string): number => {
    if (value === '') return NONE
    if (name === 'brand') {
      let code = brandCode.get(value)
      if (code === undefined) {
        code = dictionary.brand.push(value) - 1
        brandCode.set(value, code)
      }
      return code
    }
    const code = dictionary[name].indexOf(value)
    return code === -1 ? NONE : code
  }
  const size = lines.length
  const facet = Object.fromEntries(FACET_NAMES.map((name) => [name, new Uint16Array(size)])) as Record<
    FacetName,
    Uint16Array
  >
  const ids: string[] = new Array(size)
  const micros = new Float64Array(size)
  const cents = new Int32Array(size)
  const verifiedRows = emptyBits(size)
  const byPrice = new Uint32Array(size)
  const priceRank = new Uint32Array(size)
  const rowOf = new Map<string, number>()
  const at = Object.fromEntries(FIELDS.map((field, i) => [field, i])) as Record<(typeof FIELDS)[number], number>
  lines.forEach((line, i) => {
    const field = line.split('\t')
    ids[i] = field[at.id]!
    micros[i] = Number(field[at.micros])
    for (const name of FACET_NAMES) facet[name][i] = codeOf(name, field[at[name]]!)
    cents[i] = Number(field[at.cents])
    if (field[at.verified] === '1') setBit(verifiedRows, i)
    const rank = Number(field[at.priceRank])
    byPrice[rank] = i
    priceRank[i] = rank
    rowOf.set(ids[i], i)
  })
  const valueRows = Object.fromEntries(
    FACET_NAMES.map((name) => [name, valueRowsOf(facet[name], dictionary[name].length, size)]),
  ) as Record<FacetName, Bits[]>
  return { size, ids, micros, facet, valueRows, verifiedRows, cents, byPrice, priceRank, rowOf, dictionary }
}

/** The rows of each code of one facet's column (an empty set for a code no listing has). */
function valueRowsOf(column: Uint16Array, codes: number, size: number): Bits[] {
  const rows = Array.from({ length: codes }, () => emptyBits(size))
  for (let i = 0; i < size; i++) {
    const code = column[i]!
    if (code !== NONE) setBit(rows[code]!, i)
  }
  return rows
}
