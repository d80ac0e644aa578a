import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  BACKPACK_SHAPES,
  BAG_ART_SIZE,
  BAG_PATTERNS,
  BAG_VIEWS,
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

describe('views', () => {
  it('draws every shape from every angle, each view its own picture, the front by default', () => {
    for (const spec of everyShape) {
      const views = BAG_VIEWS.map((view) => renderBagSvg(spec, view))
      expect(new Set(views).size).toBe(BAG_VIEWS.length)
      expect(renderBagSvg(spec)).toBe(views[0])
      for (const svg of views) {
        expect(svg).not.toMatch(/<text|<image|href=/)
        // every clip path a view uses is defined
        for (const [, id] of svg.matchAll(/clip-path="url\(#([a-z0-9]+)\)"/g))
          expect(svg).toContain(`<clipPath id="${id}">`)
      }
    }
  })

  it('leaves the front clasp off the back view', () => {
    const spec: BagArtSpec = { ...look, kind: 'shoulder', shape: 'flap' }
    expect(renderBagSvg(spec, 'front')).toContain('r="13" fill="url(#hwR)"') // the turn-lock
    expect(renderBagSvg(spec, 'back')).not.toContain('r="13" fill="url(#hwR)"')
  })

  it('paints every view in the listing colour', { timeout: 60_000 }, async () => {
    const mean = async (png: Buffer) => {
      const { channels } = await sharp(png).stats()
      return channels.slice(0, 3).map((c) => c.mean)
    }
    for (const view of BAG_VIEWS) {
      const red = await mean(
        await renderBagImage({ ...look, kind: 'tote', shape: 'open', body: '#c0392b', trim: '#c0392b' }, 200, view),
      )
      const blue = await mean(
        await renderBagImage({ ...look, kind: 'tote', shape: 'open', body: '#2c4a9a', trim: '#2c4a9a' }, 200, view),
      )
      // the same backdrop, so the difference is the bag: redder in red, bluer in blue
      expect(red[0]! - blue[0]!, view).toBeGreaterThan(8)
      expect(blue[2]! - red[2]!, view).toBeGreaterThan(8)
    }
  })
})
