import type { CategorySlug, Colour, Condition, Material } from '@preloved/shared/constants'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { preparedStatement } from '../../db/prepared.ts'
import { brands, products, users } from '../../db/schema/index.ts'
import { productColumns, reservedAt } from '../products/products.repository.ts'

/** The rows of a raw statement: both drivers answer `{ rows }`, which drizzle's shared type does not say. */
const rowsOf = async <T>(db: DbOrTx, statement: SQL): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows

/** A search with its input checked and normalized: brand slugs are ids by now, prices cents, words lower-case. */
export interface SearchFilters {
  /** The words of `q` (letters and digits only), at most SEARCH_MAX_WORDS; empty without `q`. */
  words: string[]
  /** Whether the words are also matched by likeness (pg_trgm), because full text alone finds none of them. */
  fuzzy: boolean
  category: CategorySlug[]
  brand: string[]
  condition: Condition[]
  colour: Colour[]
  material: Material[]
  minCents: number | undefined
  maxCents: number | undefined
  verified: boolean
}

/** The facets that a filter of the same name narrows; price is the fifth filter left out of its own range. */
export type FacetName = 'category' | 'brand' | 'condition' | 'colour' | 'material'
export const FACET_NAMES: readonly FacetName[] = ['category', 'brand', 'condition', 'colour', 'material']

/** One word as a full-text query, unaccented as the listings are; the last word of `q` also as a prefix. */
const wordQuery = (word: string, prefix: boolean) =>
  sql`to_tsquery('english', quote_literal(unaccent(${word}))${prefix ? sql` || ':*'` : sql``})`

/** Every word (AND) or any word (OR) as one tsquery. */
const wordsQuery = (words: string[], op: '&&' | '||') =>
  sql.join(
    words.map((w, i) => wordQuery(w, i === words.length - 1)),
    sql.raw(` ${op} `),
  )

/**
 * The text part of a search. Full text: every word is a word of the listing (the last one a prefix of one). Fuzzy
 * (when full text finds nothing for the words): each word is a word of the listing or like a word of its brand or
 * title (pg_trgm's word similarity, served by the trigram index), so "chanle flap" finds Chanel flap bags.
 */
export function textMatch(f: Pick<SearchFilters, 'words' | 'fuzzy'>): SQL {
  if (!f.fuzzy) return sql`${products.searchVector} @@ (${wordsQuery(f.words, '&&')})`
  return sql.join(
    f.words.map(
      (w, i) =>
        sql`(${products.searchVector} @@ ${wordQuery(w, i === f.words.length - 1)} or ${products.searchText} %> unaccent(${w}))`,
    ),
    sql` and `,
  )
}

/** Relevance as a `real` (so that a cursor can carry it exactly): full-text rank, plus likeness when fuzzy. */
function score(f: Pick<SearchFilters, 'words' | 'fuzzy'>): SQL<string> {
  if (f.fuzzy) {
    return sql<string>`(ts_rank(${products.searchVector}, ${wordsQuery(f.words, '||')}) + word_similarity(unaccent(${f.words.join(' ')}), ${products.searchText}))::real`
  }
  return sql<string>`ts_rank(${products.searchVector}, ${wordsQuery(f.words, '&&')})::real`
}

/** A set of words' matches: the ids of the listings for sale that match, best first, and their relevance. */
export interface WordMatches {
  ids: string[]
  scores: Float32Array
}

/**
 * Every listing for sale that matches the words, by relevance then id (both descending), in one statement that
 * answers one text (a listing per line: id, tab, relevance as a `real`), cheaper to parse than rows.
 */
export async function wordMatches(db: DbOrTx, f: Pick<SearchFilters, 'words' | 'fuzzy'>): Promise<WordMatches> {
  const rows = await rowsOf<{ text: string | null }>(
    db,
    sql`
    select string_agg(id::text || E'\t' || score::text, E'\n' order by score desc, id desc) as text from (
      select ${products.id} as id, ${score(f)} as score from ${products}
      where ${products.status} = 'available' and ${textMatch(f)}
    ) matched
  `,
  )
  const text = rows[0]?.text ?? ''
  const lines = text === '' ? [] : text.split('\n')
  const ids: string[] = new Array(lines.length)
  const scores = new Float32Array(lines.length)
  lines.forEach((line, i) => {
    const tab = line.indexOf('\t')
    ids[i] = line.slice(0, tab)
    scores[i] = Number(line.slice(tab + 1))
  })
  return { ids, scores }
}

/** A listing of a page, as `toProductJson` reads it. */
export type SearchRow = Awaited<ReturnType<typeof searchRowsByIds>>[number]

/** A search's page: one prepared statement whatever the page's size (the ids are one array parameter). */
const rowsByIdsStatement = preparedStatement('search_rows_by_ids', (db) =>
  db
    .select({ ...productColumns, live: reservedAt(sql.placeholder('now')) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, eq(products.status, 'available'))),
)

/** The listings of these ids that are still for sale, in the order given (a search without words chose them). */
export async function searchRowsByIds(db: DbOrTx, ids: readonly string[], now: Date) {
  if (ids.length === 0) return []
  const rows = await rowsByIdsStatement(db).execute({ ids: [...ids], now: now.toISOString() })
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export interface SearchSummary {
  total: number
  /** value → count, per facet; brand values are brand ids. */
  counts: Record<FacetName, Array<{ value: string; count: number }>>
  /** Cents, over the matches with every filter but the price range; null when nothing matches. */
  price: { min: number; max: number } | null
}
