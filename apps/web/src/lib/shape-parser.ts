// A hand-written response check for the few answers the home page reads: zod (~24 KB gzip) stays out of the home
// page's JavaScript (docs/decisions/003). Pages that load zod anyway check their answers with the shared schemas.
import type { ResponseParser } from './api-client'

/** What one field must hold: a JSON type, or one of a fixed set of strings. `optional` also accepts absence. */
type Kind = 'string' | 'number' | 'boolean' | readonly string[]
type FieldCheck = Kind | { optional: Kind }

/** One check per field of T, the optional ones too: a field added to the shared type must be added here. */
export type Shape<T> = { [K in keyof Required<T>]: FieldCheck }

function matches(value: unknown, kind: Kind): boolean {
  return typeof kind === 'string' ? typeof value === kind : typeof value === 'string' && kind.includes(value)
}

function problemIn(item: unknown, shape: Record<string, FieldCheck>): string | undefined {
  if (typeof item !== 'object' || item === null) return 'not an object'
  const record = item as Record<string, unknown>
  for (const [key, check] of Object.entries(shape)) {
    const value = record[key]
    if (typeof check === 'object' && 'optional' in check) {
      if (value !== undefined && !matches(value, check.optional)) return `${key} has the wrong type`
    } else if (!matches(value, check)) {
      return `${key} is missing or has the wrong type`
    }
  }
  return undefined
}

/** An array of objects of the given shape (unknown extra fields are kept, like zod's loose objects). */
export function listParser<T>(shape: Shape<T>): ResponseParser<T[]> {
  return {
    safeParse(data) {
      if (!Array.isArray(data)) return { success: false, error: new Error('expected an array') }
      for (const [index, item] of data.entries()) {
        const problem = problemIn(item, shape)
        if (problem) return { success: false, error: new Error(`item ${index}: ${problem}`) }
      }
      return { success: true, data: data as T[] }
    },
  }
}
