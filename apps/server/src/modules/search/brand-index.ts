import type { DbOrTx } from '../../db/client.ts'
import { brands } from '../../db/schema/index.ts'

interface BrandEntry {
  id: string
  slug: string
  name: string
}

/** How long the brand list is trusted before it is read again (an admin may rename a brand). */
const BRANDS_TTL_MS = 60_000
/** A slug or id not in the list reads it again at most this often (a new brand works at once; a flood of made-up slugs costs one read a second). */
const RELOAD_MIN_MS = 1000

/**
 * The brand table in memory, by slug and by id: search checks every `brand` filter against it and labels the brand
 * facet from it without a query per request.
 */
export class BrandIndex {
  private bySlug = new Map<string, BrandEntry>()
  private byId = new Map<string, BrandEntry>()
  private loadedAt = Number.NEGATIVE_INFINITY
  private loading: Promise<void> | undefined

  constructor(private readonly db: DbOrTx) {}

  private async load(): Promise<void> {
    this.loading ??= this.db
      .select({ id: brands.id, slug: brands.slug, name: brands.name })
      .from(brands)
      .then((rows) => {
        this.bySlug = new Map(rows.map((b) => [b.slug, b]))
        this.byId = new Map(rows.map((b) => [b.id, b]))
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

  /** The brands of these slugs, or the first slug that names none. */
  async bySlugs(slugs: readonly string[]): Promise<{ entries: BrandEntry[] } | { unknown: string }> {
    await this.fresh(() => slugs.some((s) => !this.bySlug.has(s)))
    const entries: BrandEntry[] = []
    for (const slug of slugs) {
      const entry = this.bySlug.get(slug)
      if (!entry) return { unknown: slug }
      entries.push(entry)
    }
    return { entries }
  }

  /** The brand of each id (facet labels). */
  async byIds(ids: readonly string[]): Promise<Map<string, BrandEntry>> {
    await this.fresh(() => ids.some((id) => !this.byId.has(id)))
    return this.byId
  }
}
