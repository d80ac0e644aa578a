// Writes .br and .gz siblings (best quality) next to every compressible file of the web build, so the server can
// send them as they are (@fastify/static `preCompressed: true`) instead of compressing on each request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

const distDir = fileURLToPath(new URL('../dist/client/', import.meta.url))
const extensions = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt'])

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.isFile() && extensions.has(extname(entry.name))) yield path
  }
}

async function compress(path) {
  const source = await readFile(path)
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ])
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)])
  return { path, size: source.length, br: br.length, gz: gzipped.length }
}

try {
  await stat(distDir)
} catch {
  console.error(`precompress: ${distDir} does not exist; run vite build first`)
  process.exit(1)
}

const files = []
for await (const path of walk(distDir)) files.push(path)
const results = await Promise.all(files.map(compress))
const total = results.reduce((sum, r) => ({ size: sum.size + r.size, br: sum.br + r.br, gz: sum.gz + r.gz }), {
  size: 0,
  br: 0,
  gz: 0,
})
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
console.info(
  `precompress: ${results.length} files in ${relative(process.cwd(), distDir) || '.'}: ${kb(total.size)} -> ${kb(total.gz)} gzip, ${kb(total.br)} brotli`,
)
