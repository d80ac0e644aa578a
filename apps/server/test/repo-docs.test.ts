import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The repository stands on its own (docs/style.md#habits): no tracked file outside docs/decisions/ cites a document
 * that is not in the repository, links to a `.md` file or anchor that does not exist, or names a tracker number
 * instead of saying the thing itself. Decision records keep their history as it was written.
 */
const repo = fileURLToPath(new URL('../../..', import.meta.url))

/** The design documents the project started from; they are not in the repository, so nothing may cite them. */
const OUTSIDE_DOCS = ['SPEC', 'DESIGN', 'MARKETPLACE', 'STYLE', 'STACK-NOTES', 'AUTHENTICITY'].map((n) => `${n}.md`)
const OUTSIDE_DOC = new RegExp(`(?<![\\w/.-])(${OUTSIDE_DOCS.map((d) => d.replace('.', '\\.')).join('|')})\\b`, 'g')
/** The same documents cited by a section sign and number, without their extension. */
const OUTSIDE_SECTION = new RegExp(`\\b(${OUTSIDE_DOCS.map((d) => d.slice(0, -3)).join('|')})\\s*§\\s*\\d+`, 'g')
/** The folder beside the repository those documents came from. */
const SHARED_FOLDER = /\.\.\/shared\b/g
/** The word "issue" (any case, or "issues") and a number, with or without "#": a tracker's number where the thing should be said. */
const ISSUE_NUMBER = /\bissues?\s*#?\s*\d+/gi
/** A markdown link's target: `[text](target)`. */
const MD_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g
/** A path from the repository's root to a markdown file, as code and docs cite it: `docs/product/orders.md#deadlines`. */
const ROOT_MD_PATH = /(?<![\w./-])((?:docs|apps|packages|e2e|scripts)\/[\w./-]*\.md)(#[\w-]+)?/g

const BINARY = /\.(png|jpe?g|webp|avif|gif|ico|woff2?|ttf|otf|pdf|zip|gz|br|wasm|tar)$/i

/** Tracked files (git ls-files), or, without git, a walk of the tree that skips what git would ignore. */
export function trackedFiles(root: string): string[] {
  const git = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  if (git.status === 0 && git.stdout) return git.stdout.split('\0').filter(Boolean)
  const skip = new Set(['node_modules', '.git', 'dist', 'build', 'data', '.react-router', 'coverage', 'test-results'])
  const found: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (skip.has(e.name)) continue
      const rel = dir ? `${dir}/${e.name}` : e.name
      if (e.isDirectory()) walk(rel)
      else if (e.isFile()) found.push(rel)
    }
  }
  walk('')
  return found
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Every anchor a markdown text offers: its `<a id="…">` marks and its headings' slugs. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!)
  for (const m of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) anchors.add(headingSlug(m[1]!))
  return anchors
}

export type Repo = {
  /** The file's text, or null when the repository has no such file. */
  read: (file: string) => string | null
}

/** `file:line: what` for each offence in one file's text. */
export function offences(file: string, text: string, repo: Repo): string[] {
  const found: string[] = []
  const lines = text.split('\n')
  const anchorCache = new Map<string, Set<string> | null>()
  const anchors = (target: string) => {
    if (!anchorCache.has(target)) {
      const md = repo.read(target)
      anchorCache.set(target, md === null ? null : anchorsOf(md))
    }
    return anchorCache.get(target)!
  }
  const checkTarget = (n: number, cited: string, target: string, anchor: string | undefined) => {
    const has = anchors(target)
    if (has === null) found.push(`${file}:${n}: cites ${cited}, which is not in the repository`)
    else if (anchor && !has.has(anchor)) found.push(`${file}:${n}: cites ${cited}, but ${target} has no #${anchor}`)
  }
  lines.forEach((line, i) => {
    const n = i + 1
    for (const m of line.matchAll(OUTSIDE_DOC))
      if (repo.read(m[1]!) === null) found.push(`${file}:${n}: cites ${m[1]}, which is not in the repository`)
    for (const m of line.matchAll(OUTSIDE_SECTION))
      found.push(`${file}:${n}: cites ${m[0]}, a section of a document that is not in the repository`)
    for (const m of line.matchAll(SHARED_FOLDER))
      found.push(`${file}:${n}: cites ${m[0]}, a folder outside the repository`)
    for (const m of line.matchAll(ISSUE_NUMBER)) found.push(`${file}:${n}: names a tracker number ("${m[0]}")`)
    for (const m of line.matchAll(ROOT_MD_PATH)) checkTarget(n, m[0], m[1]!, m[2]?.slice(1))
    if (file.endsWith('.md')) {
      for (const m of line.matchAll(MD_LINK)) {
        const link = m[1]!
        if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('/')) continue // a URL, or a site path
        const [target, anchor] = link.split('#') as [string, string | undefined]
        if (target === '') {
          if (anchor && !anchorsOf(text).has(anchor)) found.push(`${file}:${n}: links to #${anchor}, not in this file`)
          continue
        }
        if (!target.endsWith('.md')) continue
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
        checkTarget(n, link, resolved, anchor)
      }
    }
  })
  return found
}

function repoOnDisk(root: string): Repo {
  const cache = new Map<string, string | null>()
  return {
    read(file) {
      if (!cache.has(file)) {
        const full = path.join(root, file)
        cache.set(file, existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : null)
      }
      return cache.get(file)!
    },
  }
}

describe('the repository stands on its own', () => {
  it('cites only documents in the repository, and no tracker numbers, outside docs/decisions/', () => {
    const files = trackedFiles(repo)
    expect(files.length).toBeGreaterThan(100)
    const disk = repoOnDisk(repo)
    const found: string[] = []
    for (const file of files) {
      if (file.startsWith('docs/decisions/') || BINARY.test(file)) continue
      const text = disk.read(file)
      if (text === null || text.includes('\0')) continue
      found.push(...offences(file, text, disk))
    }
    expect(found, `${found.length} offences:\n${found.join('\n')}`).toEqual([])
  })
})

describe('the check itself', () => {
  // the offending words are put together here, so this file does not offend itself
  const md = (name: string) => `${name}.md`
  const sec = (name: string) => `${name} §`
  const word = 'issue'
  const Word = 'Issue'
  const d = 'docs'
  const up = '..'
  const fake: Repo = {
    read: (file) =>
      ({
        'docs/product/orders.md': '# Orders\n\n<a id="deadlines"></a>\n## 4. Deadlines\n',
        'docs/style.md': '# How we write code\n## 2. Which way imports go\n',
      })[file] ?? null,
  }

  it('names every outside document or section, shared path and tracker number, with file and line', () => {
    const text = [
      `// the rule (${md('MARKETPLACE')} §4, ${word} 16)`,
      `ok line; ${sec('DESIGN')} 6 here`,
      `/** see ${md('SPEC')} and ${up}/shared/${md('DESIGN')}; ${Word} #12 and ${word}s 14 */`,
    ].join('\n')
    expect(offences('apps/server/src/x.ts', text, fake)).toEqual([
      `apps/server/src/x.ts:1: cites ${md('MARKETPLACE')}, which is not in the repository`,
      `apps/server/src/x.ts:1: names a tracker number ("${word} 16")`,
      `apps/server/src/x.ts:2: cites ${sec('DESIGN')} 6, a section of a document that is not in the repository`,
      `apps/server/src/x.ts:3: cites ${md('SPEC')}, which is not in the repository`,
      `apps/server/src/x.ts:3: cites ${up}/shared, a folder outside the repository`,
      `apps/server/src/x.ts:3: names a tracker number ("${Word} #12")`,
      `apps/server/src/x.ts:3: names a tracker number ("${word}s 14")`,
    ])
  })

  it('accepts our own documents and their anchors, and refuses missing files and anchors', () => {
    const text = [
      '// docs/product/orders.md#deadlines and docs/style.md#2-which-way-imports-go',
      `// ${d}/product/orders.md#holds`,
      `// ${d}/product/nowhere.md`,
      '// a tissue 3 times, reissue 2: not tracker numbers',
    ].join('\n')
    expect(offences('e2e/x.test.ts', text, fake)).toEqual([
      `e2e/x.test.ts:2: cites ${d}/product/orders.md#holds, but ${d}/product/orders.md has no #holds`,
      `e2e/x.test.ts:3: cites ${d}/product/nowhere.md, which is not in the repository`,
    ])
  })

  it('resolves relative markdown links from the linking file', () => {
    const text = [
      '# Top',
      '[ok](../style.md) [ok](orders.md#deadlines) [here](#top) [site](https://example.com/a.md)',
      '[gone](../gone.md) [bad anchor](orders.md#nope) [missing](#nowhere)',
    ].join('\n')
    expect(offences(`${d}/product/index.md`, text, fake)).toEqual([
      `${d}/product/index.md:3: cites ../gone.md, which is not in the repository`,
      `${d}/product/index.md:3: cites orders.md#nope, but ${d}/product/orders.md has no #nope`,
      `${d}/product/index.md:3: links to #nowhere, not in this file`,
    ])
  })
})
