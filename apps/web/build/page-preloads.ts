import path from 'node:path'
import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'

/**
 * Writes `page-preloads.json` into the build: for each route pattern of `pages`, the URLs of the chunks its modules
 * live in plus everything those import statically, minus what the entry (index.html) loads anyway. The server turns
 * them into <link rel="modulepreload"> in that page's HTML.
 */
export function pagePreloads(pages: Readonly<Record<string, readonly string[]>>): Plugin {
  let root = process.cwd()
  let base = '/'
  return {
    name: 'preloved:page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk')
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const byModule = new Map<string, OutputChunk>()
      // a lazy module is the start of its own chunk, or was grouped into a shared one (vite.config.ts)
      for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(path.resolve(id), chunk)

      const closure = (start: OutputChunk, into: Set<string>) => {
        if (into.has(start.fileName)) return
        into.add(start.fileName)
        for (const file of start.imports) {
          const chunk = byFile.get(file)
          if (chunk) closure(chunk, into)
        }
      }
      const entryFiles = new Set<string>()
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk, entryFiles)

      const result: Record<string, string[]> = {}
      const chunkOf: Record<string, string> = {}
      for (const [pattern, modules] of Object.entries(pages)) {
        const files = new Set<string>()
        for (const module of modules) {
          const chunk = byModule.get(path.resolve(root, module))
          if (!chunk) this.error(`page-preloads: ${module} (for ${pattern}) is in no chunk`)
          chunkOf[module] = chunk.fileName
          closure(chunk, files)
        }
        result[pattern] = [...files].filter((file) => !entryFiles.has(file)).map((file) => `${base}${file}`)
      }
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: `${JSON.stringify(result, null, 2)}\n` })
      // which chunk holds each of those modules (a grouped module has no manifest entry of its own): for
      // scripts/check-first-load.ts, beside Vite's manifest
      this.emitFile({
        type: 'asset',
        fileName: '.vite/module-chunks.json',
        source: `${JSON.stringify(chunkOf, null, 2)}\n`,
      })
    },
  }
}
