import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

// The import rules of docs/style.md#imports, as apps/web/biome.json (noRestrictedImports per folder) and the root biome.json
// (noImportCycles) enforce them: a few probe files are written into the source tree, Biome lints them in one run, and
// they are removed again at once (also when Biome fails). Each probe is named `__boundary-probe-*` so that a leftover
// one (a killed run) is easy to spot; the next run removes it.

const repo = fileURLToPath(new URL('../../..', import.meta.url))
const src = path.join(repo, 'apps/web/src')
const biomeBin = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome')
const PREFIX = '__boundary-probe-'

type Probe = { file: string; source: string; rule: 'noRestrictedImports' | 'noImportCycles' | null }

const probes: Record<string, Probe> = {
  otherFeatureByAlias: {
    file: 'features/bookings/components/other-feature-alias.tsx',
    source: "import { useProduct } from '@/features/products/api/get-product'\nexport { useProduct }\n",
    rule: 'noRestrictedImports',
  },
  otherFeatureRelative: {
    file: 'features/bookings/components/other-feature-relative.tsx',
    source: "import { useAddToWishlist } from '../../wishlists/api/wishlists'\nexport { useAddToWishlist }\n",
    rule: 'noRestrictedImports',
  },
  otherFeatureFromFeatureRoot: {
    file: 'features/bookings/other-feature-root.ts',
    source: "import { useProduct } from '../products/api/get-product'\nexport { useProduct }\n",
    rule: 'noRestrictedImports',
  },
  otherFeatureLazily: {
    file: 'features/bookings/components/other-feature-lazy.tsx',
    source: "export const dialog = () => import('@/features/reports/components/report-dialog')\n",
    rule: 'noRestrictedImports',
  },
  appFromFeature: {
    file: 'features/products/components/app-import.tsx',
    source: "import { router } from '@/app/router'\nexport { router }\n",
    rule: 'noRestrictedImports',
  },
  featureFromComponents: {
    file: 'components/ui/feature-import.tsx',
    source: "import { useMyBookings } from '@/features/bookings/api/bookings'\nexport { useMyBookings }\n",
    rule: 'noRestrictedImports',
  },
  appFromLib: {
    file: 'lib/app-import.ts',
    source: "import { router } from '../app/router'\nexport { router }\n",
    rule: 'noRestrictedImports',
  },
  // what a feature may import: its own files, components, lib, config and the shared package
  ownFeatureAndSharedCode: {
    file: 'features/bookings/components/allowed.tsx',
    source: [
      "import { messages } from '@preloved/shared/messages'",
      "import { Button } from '@/components/ui/button'",
      "import { paths } from '@/config/paths'",
      "import { cn } from '@/lib/cn'",
      "import { useMyBookings } from '../api/bookings'",
      "import { BookNow } from './book-now'",
      'export { BookNow, Button, cn, messages, paths, useMyBookings }',
      '',
    ].join('\n'),
    rule: null,
  },
  // app/ composes features
  pageComposingFeatures: {
    file: 'app/routes/composed.tsx',
    source: [
      "import { useMyBookings } from '@/features/bookings/api/bookings'",
      "import { useProduct } from '@/features/products/api/get-product'",
      "import { WishlistButton } from '@/features/wishlists/components/wishlist-button'",
      'export { WishlistButton, useMyBookings, useProduct }',
      '',
    ].join('\n'),
    rule: null,
  },
  cycleA: {
    file: 'features/bookings/cycle-a.ts',
    source: `import { b } from './${PREFIX}cycle-b'\nexport const a = () => b\n`,
    rule: 'noImportCycles',
  },
  cycleB: {
    file: 'features/bookings/cycle-b.ts',
    source: `import { a } from './${PREFIX}cycle-a'\nexport const b = () => a\n`,
    rule: 'noImportCycles',
  },
  // in the web app a cycle of type-only imports counts too (ignoreTypes: false)
  typeCycleA: {
    file: 'lib/type-cycle-a.ts',
    source: `import type { B } from './${PREFIX}type-cycle-b'\nexport type A = { b?: B }\n`,
    rule: 'noImportCycles',
  },
  typeCycleB: {
    file: 'lib/type-cycle-b.ts',
    source: `import type { A } from './${PREFIX}type-cycle-a'\nexport type B = { a?: A }\n`,
    rule: 'noImportCycles',
  },
}

/** apps/web/src/features/bookings/components/x.tsx -> .../components/__boundary-probe-x.tsx */
const probePath = (file: string) => path.join(src, path.dirname(file), PREFIX + path.basename(file))
const relative = (file: string) => path.relative(repo, probePath(file)).split(path.sep).join('/')

function removeProbes(dir = src) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) removeProbes(full)
    else if (entry.name.startsWith(PREFIX)) rmSync(full, { force: true })
  }
}

type Diagnostic = { severity: string; category: string; message: string; location: { path: string } }
let diagnostics: Diagnostic[] = []
let exitCode: number | null = null

beforeAll(() => {
  removeProbes()
  try {
    for (const probe of Object.values(probes)) {
      mkdirSync(path.dirname(probePath(probe.file)), { recursive: true })
      writeFileSync(probePath(probe.file), probe.source)
    }
    const files = Object.values(probes).map((probe) => relative(probe.file))
    const run = spawnSync(process.execPath, [biomeBin, 'lint', '--reporter=json', '--max-diagnostics=none', ...files], {
      cwd: repo,
      encoding: 'utf8',
    })
    exitCode = run.status
    const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }
    diagnostics = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
  } finally {
    removeProbes()
  }
}, 120_000)

const errorsIn = (probe: Probe) =>
  diagnostics.filter((diagnostic) => diagnostic.location.path === relative(probe.file)).map((d) => d.category)

describe('import boundaries (docs/style.md#imports), enforced by Biome', () => {
  it('fails the lint run (what fails CI) when a probe breaks a rule', () => {
    expect(exitCode).toBe(1)
  })

  it.each(Object.entries(probes))('%s', (_name, probe) => {
    expect(errorsIn(probe)).toEqual(
      probe.rule ? [`lint/${probe.rule === 'noImportCycles' ? 'suspicious' : 'style'}/${probe.rule}`] : [],
    )
  })

  it('names the rule and the way out in its message', () => {
    const message = diagnostics.find((d) => d.location.path === relative(probes.otherFeatureByAlias!.file))?.message
    expect(message).toMatch(/never another feature/)
    expect(message).toMatch(/app\/routes composes features/)
  })

  it('leaves no probe behind', () => {
    const left: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name))
        else if (entry.name.startsWith(PREFIX)) left.push(entry.name)
      }
    }
    walk(src)
    expect(left).toEqual([])
  })
})
