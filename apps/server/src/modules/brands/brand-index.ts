import type { DbOrTx } from '../../db/client.ts'
import { type BrandNames, listBrandNames } from './brands.repository.ts'

/** A name as brands are matched: no accents, no case, single spaces ("Hermès " and "hermes" are one). */
export const foldName = (name: string): string =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

/** Every spelling a brand answers to, folded: its slug, its name and its aliases. */
export const spellingsOf = (brand: Pick<BrandNames, 'slug' | 'name' | 'aliases'>) =>
  [brand.slug, brand.name, ...brand.aliases].map(foldName)

/** How long the brand list is trusted before it is read again (an admin may rename a brand). */
const BRANDS_TTL_MS = 60_000
/** A slug or id not in the list reads it again at most this often (a new brand works at once; a flood of made-up slugs costs one read a second). */
const RELOAD_MIN_MS = 1000

/**
 * The brand table in memory, by slug, by id and by every spelling (slug, name, aliases, folded): a listing's brand
 * is resolved against it, search checks every `brand` filter against it and labels the brand facet from it, without
 * a query per request. One per database (`brandIndexOf`); a brand added in this process empties it at once.
 */
export class BrandIndex {
  private bySlug = new Map<string, BrandNames>()
  private byId = new Map<string, BrandNames>()
  private bySpelling = new Map<string, BrandNames>()
  private loadedAt = Number.NEGATIVE_INFINITY
  private loading: Promise<void> | undefined

  constructor(private readonly db: DbOrTx) {}

  private async load(): Promise<void> {
    this.loading ??= listBrandNames(this.db)
      .then((rows) => {
        this.bySlug = new Map(rows.map((b) => [b.slug, b]))
        this.byId = new Map(rows.map((b) => [b.id, b]))
        this.bySpelling = new Map(rows.flatMap((b) => spellingsOf(b).map((spelling) => [spelling, b] as const)))
        this.loadedAt = Date.now()
      })
      .finally(() => {
        this.loading = undefined
      })
    await this.loading
  }

  /** The list, read again when old, or when `missing` says it lacks something and was not read just now. */
  private async fresh(missing: () => boolean): Promise<void> {
    const age = Date.now() - this.loadedAt
    if (age > BRANDS_TTL_MS || (missing() && age > RELOAD_MIN_MS)) await this.load()
  }

  /** A brand was added or changed here: the next use reads the list again. */
  invalidate(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY
  }

  /** The brand a slug, name or alias names, without regard to case or accents; undefined when none does. */
  async resolve(input: string): Promise<BrandNames | undefined> {
    const wanted = foldName(input)
    await this.fresh(() => !this.bySpelling.has(wanted))
    return this.bySpelling.get(wanted)
  }

  /** The brands of these slugs, or the first slug that names none. */
  async bySlugs(slugs: readonly string[]): Promise<{ entries: BrandNames[] } | { unknown: string }> {
    await this.fresh(() => slugs.some((s) => !this.bySlug.has(s)))
    const entries: BrandNames[] = []
    for (const slug of slugs) {
      const entry = this.bySlug.get(slug)
      if (!entry) return { unknown: slug }
      entries.push(entry)
    }
    return { entries }
  }

  /** The brand of each id (facet labels). */
  async byIds(ids: readonly string[]): Promise<Map<string, BrandNames>> {
    await this.fresh(() => ids.some((id) => !this.byId.has(id)))
    return this.byId
  }
}

const indexes = new WeakMap<object, BrandIndex>()

/** The brand index of a database (the app's `db`; not a transaction's, which would get one of its own). */
export function brandIndexOf(db: DbOrTx): BrandIndex {
  let index = indexes.get(db)
  if (!index) {
    index = new BrandIndex(db)
    indexes.set(db, index)
  }
  return index
}
