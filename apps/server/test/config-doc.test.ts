import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * docs/operating.md lists every environment variable the code reads, each once. This test reads the code the way a
 * reviewer would: the keys of the server's config schema (apps/server/src/plugins/config.ts) and every variable read
 * straight from the environment anywhere in the workspaces, the scripts and the tests. It fails on a variable the
 * document does not list, on a row for a variable nothing reads any more, and on a variable listed twice.
 */

const repo = fileURLToPath(new URL('../../../', import.meta.url))
const DOC = 'docs/operating.md'
/** The section of DOC whose tables are the reference: from this heading to the next `## ` heading. */
const SECTION = '## Environment variables'
/** The system's own variables, handed on to child processes as they are: not configuration of ours. */
const PASSED_THROUGH = new Set(['PATH', 'HOME'])
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'bench-results'])
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/
const thisFile = fileURLToPath(import.meta.url)

/** The top-level keys of `const envSchema = z.object({ … })`: what loadConfig reads from the environment. */
export function schemaVariables(source: string): string[] {
  const start = source.indexOf('const envSchema = z.object({')
  if (start < 0) return []
  const end = source.indexOf('\n})', start)
  const body = source.slice(start, end < 0 ? undefined : end)
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!)
}

/**
 * Variables a source reads by name: `process.env.NAME`, `process.env['NAME']`, and, in the scripts that keep
 * `const env = process.env` (or a small `env('NAME', fallback)` helper), `env.NAME` and `env('NAME'`.
 */
export function readVariables(source: string): string[] {
  const found = new Set<string>()
  const patterns = [
    /\bprocess\.env\.([A-Z][A-Z0-9_]*)/g,
    /\bprocess\.env\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g,
    /(?<![.\w])env\.([A-Z][A-Z0-9_]*)/g,
    /(?<![.\w])env\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g,
  ]
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.add(m[1]!)
  return [...found]
}

/** The variables named in the first cell of each table row of the section, with how often each is named. */
export function documentedVariables(markdown: string): Map<string, number> {
  const start = markdown.indexOf(`\n${SECTION}\n`)
  if (start < 0) return new Map()
  const rest = markdown.slice(start + SECTION.length + 2)
  const next = rest.search(/^## /m)
  const section = next < 0 ? rest : rest.slice(0, next)
  const counts = new Map<string, number>()
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue
    const first = line.split('|')[1] ?? ''
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1)
  }
  return counts
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) sourceFiles(full, out)
    else if (SOURCE.test(entry.name) && full !== thisFile) out.push(full)
  }
  return out
}

/** Every variable the code reads, with the files that read it (paths relative to the repository). */
function variablesInCode(): Map<string, string[]> {
  const readers = new Map<string, string[]>()
  const add = (name: string, file: string) => {
    if (PASSED_THROUGH.has(name)) return
    const rel = path.relative(repo, file).split(path.sep).join('/')
    readers.set(name, [...(readers.get(name) ?? []), rel])
  }
  const config = path.join(repo, 'apps/server/src/plugins/config.ts')
  for (const name of schemaVariables(readFileSync(config, 'utf8'))) add(name, config)
  const roots = ['apps', 'packages', 'scripts', 'e2e'].map((d) => path.join(repo, d))
  const files = [...roots.flatMap((root) => sourceFiles(root)), path.join(repo, 'vitest.config.ts')]
  for (const file of files) for (const name of readVariables(readFileSync(file, 'utf8'))) add(name, file)
  return readers
}

describe(`${DOC} lists every environment variable the code reads`, () => {
  const inCode = variablesInCode()
  const documented = documentedVariables(readFileSync(path.join(repo, DOC), 'utf8'))

  it('finds the variables of the config schema, the scripts and the tests (the scan works)', () => {
    for (const name of ['PORT', 'DATABASE_URL', 'SAVED_SEARCH_MATCH_SECONDS', 'WEB_DEV', 'TEST_DATABASE_URL']) {
      expect(inCode.has(name), name).toBe(true)
    }
    for (const name of ['BENCH_LISTINGS', 'BENCH_LIVE_RATE', 'BENCH_BUSY_UNREAD', 'LIGHTHOUSE_RUNS', 'FUZZ_SEED']) {
      expect(inCode.has(name), name).toBe(true)
    }
    expect(documented.size).toBeGreaterThan(50)
  })

  it('documents each variable the code reads', () => {
    const missing = [...inCode]
      .filter(([name]) => !documented.has(name))
      .map(([name, files]) => `${name} (read in ${[...new Set(files)].join(', ')})`)
    expect(missing, `add a row under "${SECTION}" in ${DOC} for each`).toEqual([])
  })

  it('lists no variable that nothing reads any more', () => {
    const stale = [...documented.keys()].filter((name) => !inCode.has(name))
    expect(stale, `remove these rows from ${DOC}, or read them in the code`).toEqual([])
  })

  it('lists each variable once', () => {
    const twice = [...documented].filter(([, n]) => n > 1).map(([name, n]) => `${name} (${n} rows)`)
    expect(twice).toEqual([])
  })
})

describe('the readers of this test', () => {
  it('read the schema keys, not the keys of nested objects', () => {
    const source = [
      'const envSchema = z.object({',
      '  PORT: z.coerce.number().default(3000),',
      '  NESTED: z.object({',
      '    INNER: z.string(),',
      '  }),',
      '})',
      'const other = z.object({',
      '  NOT_ENV: z.string(),',
      '})',
    ].join('\n')
    expect(schemaVariables(source)).toEqual(['PORT', 'NESTED'])
  })

  it('read process.env and a script local env, and leave other objects alone', () => {
    const source = [
      "const a = process.env.ALPHA ?? ''",
      "const b = process.env['BRAVO']",
      'const env = process.env',
      'const c = env.CHARLIE',
      "const d = env('DELTA', 3)",
      'const e = config.env.ECHO',
      'const f = app.config.FOXTROT',
    ].join('\n')
    expect(readVariables(source).sort()).toEqual(['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA'])
  })

  it('count the first cells of the section only', () => {
    const doc = [
      '# Operating',
      '| `OUTSIDE` | before the section |',
      SECTION,
      '| variable | default | meaning |',
      '| --- | --- | --- |',
      '| `ONE`, `TWO` | x | mentions `THREE` in its meaning |',
      '| `ONE` | again | |',
      '## Next',
      '| `AFTER` | after the section |',
    ].join('\n')
    expect([...documentedVariables(doc)]).toEqual([
      ['ONE', 2],
      ['TWO', 1],
    ])
  })
})
