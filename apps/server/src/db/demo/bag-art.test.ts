import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  BACKPACK_SHAPES,
  BAG_ART_SIZE,
  BAG_PATTERNS,
  type BagArtSpec,
  renderBagImage,
  renderBagSvg,
  SHOULDER_SHAPES,
  TOTE_SHAPES,
} from './bag-art.ts'

const look = { body: '#6b4a2e', trim: '#d6b27c', hardware: 'gold', pattern: 'plain', background: '#ebe6df' } as const
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

const everyShape: BagArtSpec[] = [
  ...SHOULDER_SHAPES.map((shape) => ({ ...look, kind: 'shoulder' as const, shape })),
  ...TOTE_SHAPES.map((shape) => ({ ...look, kind: 'tote' as const, shape })),
  ...BACKPACK_SHAPES.map((shape) => ({ ...look, kind: 'backpack' as const, shape })),
]

describe('renderBagSvg', () => {
  it('draws a square picture without text', () => {
    const svg = renderBagSvg({ ...look, kind: 'tote', shape: 'open', pattern: 'monogram' })
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"')).toBe(true)
    expect(svg.endsWith('</svg>')).toBe(true)
    expect(svg).not.toMatch(/<text|<image|href=/)
  })

  it('gives every shape and every pattern its own drawing', () => {
    const shapes = new Set(everyShape.map((s) => renderBagSvg(s)))
    expect(shapes.size).toBe(everyShape.length)
    const patterns = new Set(
      BAG_PATTERNS.map((pattern) => renderBagSvg({ ...look, kind: 'shoulder', shape: 'flap', pattern })),
    )
    expect(patterns.size).toBe(BAG_PATTERNS.length)
  })

  it('is deterministic', () => {
    const spec: BagArtSpec = { ...look, kind: 'shoulder', shape: 'halfmoon', pattern: 'croc' }
    expect(renderBagSvg(spec)).toBe(renderBagSvg(spec))
  })

  it('refuses colours that are not #rrggbb', () => {
    expect(() => renderBagSvg({ ...look, kind: 'tote', shape: 'open', body: 'red' })).toThrow(/#rrggbb/)
  })
})

describe('renderBagImage', () => {
  it('renders every shape to a valid, distinct 800×800 PNG by default, and at other sizes on request', {
    timeout: 60_000,
  }, async () => {
    const pngs = await Promise.all(everyShape.map((s) => renderBagImage(s)))
    for (const png of pngs) {
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
      const meta = await sharp(png).metadata()
      expect(meta).toMatchObject({ format: 'png', width: 800, height: 800 })
    }
    expect(new Set(pngs.map(sha)).size).toBe(pngs.length)
    const full = await sharp(await renderBagImage(everyShape[0]!, BAG_ART_SIZE)).metadata()
    expect(full).toMatchObject({ width: BAG_ART_SIZE, height: BAG_ART_SIZE })
  })

  it('paints the bag, not just the backdrop', { timeout: 30_000 }, async () => {
    const dark = await renderBagImage(
      { ...look, kind: 'backpack', shape: 'classic', body: '#1f2227', trim: '#2e3238' },
      BAG_ART_SIZE,
    )
    const light = await renderBagImage(
      {
        ...look,
        kind: 'backpack',
        shape: 'classic',
        body: '#f1ece2',
        trim: '#e9e4da',
      },
      BAG_ART_SIZE,
    )
    const centre = async (png: Buffer) => {
      const { data } = await sharp(png)
        .extract({ left: 560, top: 620, width: 80, height: 80 })
        .raw()
        .toBuffer({ resolveWithObject: true })
      return data.reduce((sum, v) => sum + v, 0) / data.length
    }
    // the middle of the picture follows the body colour: a bag is drawn there, not only the backdrop
    expect((await centre(light)) - (await centre(dark))).toBeGreaterThan(100)
    const stats = await sharp(dark).stats()
    expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(150)
  })
})
