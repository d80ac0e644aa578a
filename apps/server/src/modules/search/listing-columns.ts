import type { DbOrTx } from '../../db/client.ts'
import { type Selected, selectColumns } from './column-counts.ts'
import { type Columns, readColumns, type Subset } from './columns.ts'
import { type Changes, Refreshing } from './refreshing.ts'
import { type SearchFilters, type WordMatches, wordMatches } from './search.repository.ts'

/**
 * Search kept in memory (decision 018): every listing for sale, read once into typed columns, and every set of
 * words' matches (from the database's text indexes, once per set of words). Any combination of words, filters, sort
 * and page is then counted and chosen here in milliseconds, and the database reads only the rows of the page by id.
 * Both are `Refreshing`: read again at once after a change in this process, and in the background when old.
 */
export class SearchMemory {
  private readonly columns: Refreshing<Columns>
  private readonly words = new Map<string, Refreshing<WordMatches>>()
  private readonly selections = new WeakMap<Columns, Map<string, Selection>>()

  constructor(
    private readonly db: DbOrTx,
    private readonly changes: Changes,
    private readonly maxAgeMs: number,
  ) {
    this.columns = new Refreshing(() => readColumns(db), changes, maxAgeMs)
  }

  /** The columns to count and page a search in (`selectColumns`, `pageOfColumns`). */
  snapshot(): Promise<Columns> {
    return this.columns.get()
  }

  /**
   * What a search's words and filters select in `columns`: the words' matches (by likeness only when full text finds
   * none of them with these filters), the listings that pass every filter and the counts. Worked out once per snapshot and kept
   * (the last MAX_SELECTIONS asked for), so that another page, sort or page size of the same search, or the same
   * search again, counts nothing. A new snapshot, or new matches of the words, works it out afresh.
   */
  async selection(columns: Columns, filters: Omit<SearchFilters, 'fuzzy'>): Promise<Selection> {
    let kept = this.selections.get(columns)
    if (!kept) {
      kept = new Map()
      this.selections.set(columns, kept)
    }
    // the filters as searchFiltersOf normalises them (sorted, deduplicated, in one order of fields)
    const key = JSON.stringify(filters)
    const hit = kept.get(key)
    if (hit && (await this.stillMatches(columns, filters.words, hit))) {
      // the most recently used goes last: the oldest is the first to go
      kept.delete(key)
      kept.set(key, hit)
      return hit
    }
    const selection = await this.select(columns, filters)
    if (kept.size >= MAX_SELECTIONS) kept.delete(kept.keys().next().value!)
    kept.set(key, selection)
    return selection
  }

  /** Whether the words' matches that `kept` was worked out from are still the current ones. */
  private async stillMatches(columns: Columns, words: string[], kept: Selection): Promise<boolean> {
    if (words.length === 0) return true
    if ((await this.matches(columns, words, false)) !== kept.exact) return false
    return kept.subset === kept.exact || (await this.matches(columns, words, true)) === kept.subset
  }

  private async select(columns: Columns, filters: Omit<SearchFilters, 'fuzzy'>): Promise<Selection> {
    const f: SearchFilters = { ...filters, fuzzy: false }
    const exact = f.words.length > 0 ? await this.matches(columns, f.words, false) : undefined
    let subset = exact
    let selected = selectColumns(columns, f, subset)
    if (f.words.length > 0 && selected.summary.total === 0) {
      f.fuzzy = true
      subset = await this.matches(columns, f.words, true)
      selected = selectColumns(columns, f, subset)
    }
    return { exact, subset, ...selected }
  }

  /** The listings that match these words (by likeness too when `fuzzy`), best first, as rows of `columns`. */
  async matches(columns: Columns, words: string[], fuzzy: boolean): Promise<Subset> {
    const key = `${fuzzy ? '~' : '='}${words.join(' ')}`
    let entry = this.words.get(key)
    if (!entry) {
      if (this.words.size >= MAX_WORD_SETS) this.words.delete(this.words.keys().next().value!)
      entry = new Refreshing(() => wordMatches(this.db, { words, fuzzy }), this.changes, this.maxAgeMs)
      this.words.set(key, entry)
    }
    return subsetOf(columns, await entry.get())
  }
}

/** Sets of words whose matches are kept (the oldest goes first). */
const MAX_WORD_SETS = 500

/**
 * Searches whose selection is kept per snapshot (the least recently used goes first): each holds a bit per listing,
 * so 256 of them take about 3 MB at 95,000 listings for sale.
 */
const MAX_SELECTIONS = 256

/** What a search's words and filters select in one snapshot (`SearchMemory.selection`); shared: never changed. */
export interface Selection extends Selected {
  /** The words' full-text matches (undefined without words). */
  exact: Subset | undefined
  /** The matches the search uses: `exact`, or the matches by likeness when full text found none with the filters. */
  subset: Subset | undefined
}

const subsets = new WeakMap<WordMatches, { columns: Columns; subset: Subset }>()

/** The matches as rows of `columns` (a listing the columns do not hold is no longer for sale, or not yet seen). */
function subsetOf(columns: Columns, matches: WordMatches): Subset {
  const kept = subsets.get(matches)
  if (kept?.columns === columns) return kept.subset
  const rows: number[] = []
  const scores: number[] = []
  matches.ids.forEach((id, i) => {
    const row = columns.rowOf.get(id)
    if (row !== undefined) {
      rows.push(row)
      scores.push(matches.scores[i]!)
    }
  })
  const subset: Subset = { rows: Uint32Array.from(rows), scores: Float32Array.from(scores) }
  subsets.set(matches, { columns, subset })
  return subset
}
