import { DEFAULT_SETTINGS, isSocialPage, type Settings, SOCIAL_NETWORK_NAMES } from '@preloved/shared/settings'
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { settings } from '../../db/schema/index.ts'

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]

/**
 * The settings: each stored key's value, the default for the others. A social link stored before today's rules (one
 * through a redirector) reads as none: the footer never sends shoppers through it.
 */
export async function readSettings(db: DbOrTx): Promise<Settings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS))
  const result: Settings = { ...DEFAULT_SETTINGS }
  for (const row of rows) {
    const network = SOCIAL_NETWORK_NAMES.find((n) => n === row.key)
    const value = network && !isSocialPage(network, row.value) ? null : row.value
    ;(result as Record<string, string | null>)[row.key] = value
  }
  return result
}

/** Stores every key: a value in its row, null (a link left empty) as no row. One transaction. */
export async function writeSettings(db: DbOrTx, values: Settings, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const key of KEYS) {
      const value = values[key]
      if (value === null) {
        await tx.delete(settings).where(inArray(settings.key, [key]))
      } else {
        await tx
          .insert(settings)
          .values({ key, value, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
      }
    }
  })
}
