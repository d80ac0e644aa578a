import { is } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client.ts'

/** A query that runs with its placeholders' values (`sql.placeholder`): a drizzle query builder, or one prepared. */
interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>
}
interface Preparable<R> extends Runnable<R> {
  prepare(name: string): Runnable<R>
}

/**
 * A statement of a hot path, prepared once per database (drizzle's `.prepare(name)`): its SQL is built once instead of
 * on every call, and on PostgreSQL it is a named statement, parsed once per connection. `build` writes the query
 * with `sql.placeholder(…)` for every value. Inside a transaction it is built afresh and runs in that transaction (a
 * statement prepared on the pool would run outside it).
 */
export function preparedStatement<R>(name: string, build: (db: DbOrTx) => Preparable<R>): (db: DbOrTx) => Runnable<R> {
  const byDatabase = new WeakMap<DbOrTx, Runnable<R>>()
  return (db) => {
    if (is(db, PgTransaction)) return build(db)
    let statement = byDatabase.get(db)
    if (!statement) {
      statement = build(db).prepare(name)
      byDatabase.set(db, statement)
    }
    return statement
  }
}
