// Draws each process table (packages/shared/src/*-process.ts) as a Mermaid state diagram into the product docs,
// between the markers `<!-- <name>-process:start -->` and `<!-- <name>-process:end -->`. Run: npm run docs:diagrams.
// apps/server/test/process-diagrams.test.ts fails while a drawn diagram differs from its table.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { OFFER_PROCESS } from '../packages/shared/src/offer-process.ts'
import { ORDER_PROCESS } from '../packages/shared/src/order-process.ts'
import { mermaidOf } from '../packages/shared/src/process.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Each diagram: the doc it is drawn in, its marker's name, and the drawing. */
export const DIAGRAMS = [
  { doc: 'docs/product/orders.md', name: 'order-process', text: mermaidOf(ORDER_PROCESS, 'paid') },
  { doc: 'docs/product/offers.md', name: 'offer-process', text: mermaidOf(OFFER_PROCESS, 'pending') },
]

/** The doc's text with the diagram drawn between its markers (an error when the markers are missing). */
export function withDiagram(doc: string, name: string, text: string): string {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = doc.indexOf(start)
  const to = doc.indexOf(end)
  if (from === -1 || to < from) throw new Error(`the markers ${start} and ${end} are missing`)
  return `${doc.slice(0, from + start.length)}\n\`\`\`mermaid\n${text}\`\`\`\n${doc.slice(to)}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const d of DIAGRAMS) {
    const file = `${root}${d.doc}`
    const before = readFileSync(file, 'utf8')
    const after = withDiagram(before, d.name, d.text)
    if (after !== before) writeFileSync(file, after)
    console.info(`${d.doc}: ${d.name} ${after === before ? 'unchanged' : 'drawn'}`)
  }
}
