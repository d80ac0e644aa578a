// Hand-written response checks for the answers a page reads on its first load: zod (~24 KB gzip, and the main-thread
// time its schemas take to build) stays out of the home, category, product and payment pages' JavaScript
// (docs/decisions/003; scripts/check-first-load.ts proves it from the build). Forms and mutations still check with
// the shared zod schemas, imported when they run.
import type { ResponseParser } from './api-client'

/**
 * What a field of type V must hold: its JSON type; for a union of string literals, the list of them (a shared
 * constant such as CATEGORY_SLUGS); for an object or an array, a parser of it (`objectParser`, `listParser`).
 */
type Check<V> = [V] extends [string]
  ? string extends V
    ? 'string'
    : readonly V[]
  : [V] extends [number]
    ? 'number'
    : [V] extends [boolean]
      ? 'boolean'
      : ResponseParser<V>

/** `{ optional: check }` also accepts absence, `{ nullable: check }` also null (zod's `.optional()`, `.nullable()`). */
type FieldCheck<V> = undefined extends V
  ? { optional: Check<Exclude<V, undefined>> }
  : null extends V
    ? { nullable: Check<Exclude<V, null>> }
    : Check<V>

/**
 * One check per field of T, the optional ones too, each matching the field's type: a field added to the shared type
 * (or a string turned into a fixed list) is a type error here until the check follows.
 */
export type Shape<T> = { [K in keyof Required<T>]: FieldCheck<T[K & keyof T]> }

type Kind = 'string' | 'number' | 'boolean' | readonly string[] | ResponseParser
type AnyFieldCheck = Kind | { optional: Kind } | { nullable: Kind }

const isParser = (check: object): check is ResponseParser => 'safeParse' in check

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Why `value` fails `kind`, or undefined when it passes. */
function mismatch(value: unknown, kind: Kind): string | undefined {
  if (value === undefined) return 'is missing'
  if (typeof kind === 'string') return typeof value === kind ? undefined : 'has the wrong type'
  if (isParser(kind)) {
    const parsed = kind.safeParse(value)
    return parsed.success ? undefined : `is wrong: ${describe(parsed.error)}`
  }
  return typeof value === 'string' && kind.includes(value) ? undefined : 'has the wrong type'
}

function problemIn(item: unknown, shape: Record<string, AnyFieldCheck>): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'not an object'
  const record = item as Record<string, unknown>
  for (const [key, check] of Object.entries(shape)) {
    const value = record[key]
    let problem: string | undefined
    if (typeof check === 'object' && !isParser(check) && 'optional' in check) {
      problem = value === undefined ? undefined : mismatch(value, check.optional)
    } else if (typeof check === 'object' && !isParser(check) && 'nullable' in check) {
      problem = value === null ? undefined : mismatch(value, check.nullable)
    } else {
      problem = mismatch(value, check)
    }
    if (problem) return `${key} ${problem}`
  }
  return undefined
}

/** An object of the given shape (unknown extra fields are kept, like zod's loose objects). */
export function objectParser<T>(shape: Shape<T>): ResponseParser<T> {
  const checks = shape as Record<string, AnyFieldCheck>
  return {
    safeParse(data) {
      const problem = problemIn(data, checks)
      return problem ? { success: false, error: new Error(problem) } : { success: true, data: data as T }
    },
  }
}

/** An array of objects of the given shape. */
export function listParser<T>(shape: Shape<T>): ResponseParser<T[]> {
  const checks = shape as Record<string, AnyFieldCheck>
  return {
    safeParse(data) {
      if (!Array.isArray(data)) return { success: false, error: new Error('expected an array') }
      for (const [index, item] of data.entries()) {
        const problem = problemIn(item, checks)
        if (problem) return { success: false, error: new Error(`item ${index}: ${problem}`) }
      }
      return { success: true, data: data as T[] }
    },
  }
}
