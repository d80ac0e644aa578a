import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkPage, loadBuild, type Manifest, PAGES, WEB_DIST } from './check-first-load.ts'

const manifestPath = path.join(WEB_DIST, '.vite/manifest.json')

describe('checkPage', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor.js', name: 'vendor' },
    'src/page.tsx': { file: 'assets/page.js', src: 'src/page.tsx', imports: ['index.html', '_button.js', '_api.js'] },
    '_button.js': { file: 'assets/button.js', name: 'button', imports: ['_notify.js'] },
    '_notify.js': { file: 'assets/notify.js', name: 'toast', imports: ['_hot-toast.js'] },
    '_hot-toast.js': { file: 'assets/hot-toast.js', name: 'toast' },
    '_api.js': { file: 'assets/api.js', name: 'api', imports: ['_zod.js', '_vendor.js'] },
    '_zod.js': { file: 'assets/zod.js', name: 'zod' },
  }

  it('gives the chain to each forbidden chunk the page reaches, once per cause', () => {
    const report = checkPage(manifest, '/page', ['index.html', 'src/page.tsx'])
    expect(report.violations).toEqual([
      ['src/page.tsx', '_button.js', '_notify.js'],
      ['src/page.tsx', '_api.js', '_zod.js'],
    ])
    expect(report.chunks).toHaveLength(8)
  })

  it('counts a chunk once when several of the page modules are grouped in it', () => {
    expect(checkPage(manifest, '/page', ['index.html', 'src/page.tsx', 'src/page.tsx']).chunks).toHaveLength(8)
  })

  it('passes a page whose static imports stay clear of them', () => {
    expect(checkPage(manifest, '/', ['index.html']).violations).toEqual([])
  })

  it('refuses a root the build does not have (a renamed route module)', () => {
    expect(() => checkPage(manifest, '/gone', ['src/gone.tsx'])).toThrow(/not in the manifest/)
  })
})

describe('the web build', () => {
  it.each(Object.entries(PAGES))('%s loads neither zod nor react-hot-toast before it renders', (page, roots) => {
    expect(existsSync(manifestPath), `${manifestPath}: run npm run build first`).toBe(true)
    const { manifest, keyOf } = loadBuild(WEB_DIST)
    expect(checkPage(manifest, page, roots.map(keyOf)).violations).toEqual([])
  })
})
