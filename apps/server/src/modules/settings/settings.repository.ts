import { DEFAULT_SETTINGS, type Settings } from '@preloved/shared/settings'
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { settings } from '../../db/schema/index.ts'

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]

/** The settings: each stored key's value, the default for the others. */
export async function readSettings(db: DbOrTx): Promise<Settings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS))
  const result: Settings = { ...DEFAULT_SETTINGS }
  for (const row of rows) (result as Record<string, string | null>)[row.key] = row.value
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
