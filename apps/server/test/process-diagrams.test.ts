import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DIAGRAMS, withDiagram } from '../../../scripts/process-diagrams.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))

describe('the process diagrams in the docs', () => {
  for (const d of DIAGRAMS) {
    it(`${d.doc} draws ${d.name} as its table stands (npm run docs:diagrams redraws it)`, () => {
      const doc = readFileSync(`${root}${d.doc}`, 'utf8')
      expect(withDiagram(doc, d.name, d.text)).toBe(doc)
    })
  }

  it('refuses a doc without its markers', () => {
    expect(() => withDiagram('# Orders\n', 'order-process', 'x')).toThrow(/markers/)
  })
})
