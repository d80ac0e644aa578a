import { messages } from '@preloved/shared/messages'
import type { CreateBrandBody } from '@preloved/shared/search'
import type { DbOrTx } from '../../db/client.ts'
import { AppError, pgErrorCode } from '../../lib/errors.ts'
import type { ListingsChanged } from '../products/list-cache.ts'
import { brandIndexOf, foldName, spellingsOf } from './brand-index.ts'
import { type BrandNames, insertBrand, listBrandNames } from './brands.repository.ts'

export { foldName }

/** The slug of a new brand: its folded name, with every run of other characters a hyphen ("A.P.C." → "a-p-c"). */
export const slugOf = (name: string): string =>
  foldName(name)
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/**
 * The brand a listing names by slug, name or alias, without regard to case or accents (docs/product/listings.md#brands); an
 * unknown one is a 400 naming `brand` (free text is not a brand).
 */
export async function resolveBrand(db: DbOrTx, input: string): Promise<BrandNames> {
  const found = await brandIndexOf(db).resolve(input)
  if (!found) throw new AppError(400, messages.brands.unknown(input.slice(0, 80)), { field: 'brand' })
  return found
}

/**
 * A brand added by an admin: its slug derived from the name. A name, slug or alias that any brand already answers
 * to is a 409 (a listing naming it could not tell the two apart).
 */
export async function createBrand(db: DbOrTx, listingsChanged: ListingsChanged, body: CreateBrandBody) {
  const slug = slugOf(body.name)
  if (!slug) throw new AppError(400, messages.brands.nameHasNoLetters, { field: 'name' })
  // each alias once (as first spelt), and not the name again
  const aliases: string[] = []
  const seen = new Set([foldName(body.name)])
  for (const alias of body.aliases ?? []) {
    if (!seen.has(foldName(alias))) aliases.push(alias)
    seen.add(foldName(alias))
  }
  const taken = new Set((await listBrandNames(db)).flatMap(spellingsOf))
  if (taken.has(foldName(body.name)) || taken.has(slug)) throw new AppError(409, messages.brands.clash(body.name))
  const clash = aliases.find((a) => taken.has(foldName(a)))
  if (clash !== undefined) throw new AppError(409, messages.brands.aliasClash(clash))
  try {
    const row = await insertBrand(db, { slug, name: body.name, aliases, tier: body.tier ?? 'premium' })
    // the brand list (kept with the listing pages) has one more
    brandIndexOf(db).invalidate()
    listingsChanged()
    return { ...row, count: 0 }
  } catch (err) {
    // the same brand added at the same moment by another admin
    if (pgErrorCode(err) === '23505') throw new AppError(409, messages.brands.clash(body.name))
    throw err
  }
}
