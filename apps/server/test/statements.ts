import type { Database } from '../src/db/client.ts'

/** The driver under drizzle (PGlite or the pg pool): what a statement's text and parameters are sent to. */
export type DriverClient = { query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }
export const driverOf = (db: Database['db']) => (db as unknown as { $client: DriverClient }).$client

/** The statements `run` sends (text and parameters), caught at the driver: exactly what drizzle generated. */
export async function statementsOf(db: Database['db'], run: () => Promise<unknown>) {
  const client = driverOf(db)
  const original = client.query
  const seen: { text: string; params: unknown[] }[] = []
  client.query = (...args: unknown[]) => {
    const [query, params] = args
    const text = typeof query === 'string' ? query : (query as { text: string }).text
    seen.push({ text, params: Array.isArray(params) ? params : [] })
    return original.apply(client, args)
  }
  try {
    await run()
  } finally {
    client.query = original
  }
  return seen
}
