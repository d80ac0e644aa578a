import sharp from 'sharp'

/**
 * Product-shot style bag illustrations, drawn as SVG in code and rasterised by sharp (librsvg).
 * No text, no fonts, no network: the demo data renders the same pictures everywhere.
 */

export const BAG_ART_SIZE = 1200

export const SHOULDER_SHAPES = ['flap', 'camera', 'baguette', 'hobo', 'halfmoon', 'bucket'] as const
export const TOTE_SHAPES = ['open', 'shopper', 'pliage', 'structured'] as const
export const BACKPACK_SHAPES = ['classic', 'kanken', 'mini', 'rolltop'] as const
export const BAG_PATTERNS = [
  'plain',
  'quilted',
  'chevron',
  'monogram',
  'dots',
  'stripes',
  'breton',
  'croc',
  'pebbled',
  'canvas',
  'woven',
] as const

export type ShoulderShape = (typeof SHOULDER_SHAPES)[number]
export type ToteShape = (typeof TOTE_SHAPES)[number]
export type BackpackShape = (typeof BACKPACK_SHAPES)[number]
export type BagPattern = (typeof BAG_PATTERNS)[number]
export type Hardware = 'gold' | 'silver'

interface BagLook {
  /** Main material, `#rrggbb`. */
  body: string
  /** Handles, piping, trims and pattern motifs, `#rrggbb`. */
  trim: string
  hardware: Hardware
  pattern: BagPattern
  /** Studio backdrop, `#rrggbb`; drawn as a soft vertical sweep. */
  background: string
}

export type BagArtSpec =
  | ({ kind: 'shoulder'; shape: ShoulderShape } & BagLook)
  | ({ kind: 'tote'; shape: ToteShape } & BagLook)
  | ({ kind: 'backpack'; shape: BackpackShape } & BagLook)

export type BagKind = BagArtSpec['kind']

/** The angles a listing's photos show the same bag from (the Add Product form's suggested slots). */
export const BAG_VIEWS = ['front', 'back', 'side', 'inside', 'base', 'hardware'] as const
export type BagView = (typeof BAG_VIEWS)[number]

/** Bumped whenever a change to the drawing changes the pixels: cached renders are keyed by it. */
export const BAG_ART_VERSION = 3

// ---------------------------------------------------------------------------------------------
// colours

type Rgb = [number, number, number]

function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!m) throw new Error(`expected a #rrggbb colour, got ${hex}`)
  const n = Number.parseInt(m[1]!, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a)
  const y = hexToRgb(b)
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}

const lighten = (c: string, t: number) => mix(c, '#ffffff', t)
const darken = (c: string, t: number) => mix(c, '#000000', t)

function luminance(c: string): number {
  const [r, g, b] = hexToRgb(c)
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

interface Palette {
  body: string
  bodyEdge: string
  trim: string
  trimEdge: string
  stitch: string
  trimStitch: string
  lining: string
  hwLight: string
  hwMid: string
  hwDark: string
}

function palette(look: BagLook): Palette {
  const tone = (c: string, t: number) => (luminance(c) > 0.42 ? darken(c, t) : lighten(c, t))
  const gold = look.hardware === 'gold'
  return {
    body: look.body,
    bodyEdge: darken(look.body, 0.35),
    trim: look.trim,
    trimEdge: darken(look.trim, 0.4),
    stitch: tone(look.body, 0.38),
    trimStitch: tone(look.trim, 0.42),
    lining: darken(mix(look.body, look.trim, 0.3), 0.55),
    hwLight: gold ? '#fff4c9' : '#ffffff',
    hwMid: gold ? '#d6ac4e' : '#c3c8ce',
    hwDark: gold ? '#8a6420' : '#6d737b',
  }
}

// ---------------------------------------------------------------------------------------------
// geometry helpers

type Pt = [number, number]

const n = (v: number) => Math.round(v * 10) / 10

/** Deterministic pseudo-random numbers in [0, 1): the same spec always draws the same picture. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

function rrect(x: number, y: number, w: number, h: number, r: number): string {
  return roundedPoly(
    [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ],
    r,
  )
}

/** A closed polygon with rounded corners (per-corner radii allowed). */
function roundedPoly(points: Pt[], radius: number | number[]): string {
  const count = points.length
  const parts: string[] = []
  for (let i = 0; i < count; i++) {
    const p = points[i]!
    const prev = points[(i + count - 1) % count]!
    const next = points[(i + 1) % count]!
    const r = Array.isArray(radius) ? (radius[i] ?? 0) : radius
    const toPrev = unit([prev[0] - p[0], prev[1] - p[1]])
    const toNext = unit([next[0] - p[0], next[1] - p[1]])
    const a: Pt = [p[0] + toPrev[0] * r, p[1] + toPrev[1] * r]
    const b: Pt = [p[0] + toNext[0] * r, p[1] + toNext[1] * r]
    parts.push(`${i === 0 ? 'M' : 'L'}${n(a[0])} ${n(a[1])}Q${n(p[0])} ${n(p[1])} ${n(b[0])} ${n(b[1])}`)
  }
  return `${parts.join('')}Z`
}

function unit([x, y]: Pt): Pt {
  const len = Math.hypot(x, y) || 1
  return [x / len, y / len]
}

/** Moves every edge of a convex polygon inwards by `d`. */
function insetPoly(points: Pt[], d: number): Pt[] {
  const count = points.length
  let area = 0
  for (let i = 0; i < count; i++) {
    const a = points[i]!
    const b = points[(i + 1) % count]!
    area += a[0] * b[1] - b[0] * a[1]
  }
  const sign = area > 0 ? 1 : -1
  const lines = points.map((a, i) => {
    const b = points[(i + 1) % count]!
    const [ux, uy] = unit([b[0] - a[0], b[1] - a[1]])
    const nx = -uy * sign
    const ny = ux * sign
    return { p: [a[0] + nx * d, a[1] + ny * d] as Pt, v: [ux, uy] as Pt }
  })
  return lines.map((line, i) => {
    const prev = lines[(i + count - 1) % count]!
    const det = prev.v[0] * line.v[1] - prev.v[1] * line.v[0]
    const dx = line.p[0] - prev.p[0]
    const dy = line.p[1] - prev.p[1]
    const t = (dx * line.v[1] - dy * line.v[0]) / det
    return [prev.p[0] + prev.v[0] * t, prev.p[1] + prev.v[1] * t] as Pt
  })
}

/** Points spaced evenly along a cubic Bézier, with their tangent angle in degrees. */
function alongCubic(p0: Pt, p1: Pt, p2: Pt, p3: Pt, spacing: number): { x: number; y: number; angle: number }[] {
  const at = (t: number): Pt => {
    const u = 1 - t
    return [
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]
  }
  const out: { x: number; y: number; angle: number }[] = []
  let prev = at(0)
  let travelled = spacing / 2
  const steps = 2000
  for (let i = 1; i <= steps; i++) {
    const cur = at(i / steps)
    const seg = Math.hypot(cur[0] - prev[0], cur[1] - prev[1])
    travelled += seg
    if (travelled >= spacing) {
      travelled -= spacing
      out.push({ x: cur[0], y: cur[1], angle: (Math.atan2(cur[1] - prev[1], cur[0] - prev[0]) * 180) / Math.PI })
    }
    prev = cur
  }
  return out
}

const cubic = (p0: Pt, p1: Pt, p2: Pt, p3: Pt) =>
  `M${n(p0[0])} ${n(p0[1])}C${n(p1[0])} ${n(p1[1])} ${n(p2[0])} ${n(p2[1])} ${n(p3[0])} ${n(p3[1])}`

/** Draws `content` scaled about (cx, cy): a cheap inset for curved outlines. */
const scaled = (cx: number, cy: number, sx: number, sy: number, content: string) =>
  `<g transform="translate(${cx} ${cy}) scale(${sx} ${sy}) translate(${-cx} ${-cy})">${content}</g>`

// ---------------------------------------------------------------------------------------------
// drawing vocabulary

interface Ctx {
  c: Palette
  look: BagLook
  defs: string[]
  next: number
  view: BagView
}

function uid(ctx: Ctx, prefix: string): string {
  ctx.next += 1
  return `${prefix}${ctx.next}`
}

interface LeatherOptions {
  fill?: string
  pattern?: boolean
  edge?: string
  sheen?: boolean
}

/** A panel of material: base colour, texture, volume shading, a darker cut edge. */
function panel(ctx: Ctx, d: string, opts: LeatherOptions = {}): string {
  const fill = opts.fill ?? ctx.c.body
  const usePattern = (opts.pattern ?? true) && ctx.look.pattern !== 'plain'
  return [
    `<path d="${d}" fill="${fill}"/>`,
    usePattern ? `<path d="${d}" fill="url(#pat)"/>` : '',
    `<path d="${d}" fill="url(#shadeX)"/>`,
    `<path d="${d}" fill="url(#shadeY)"/>`,
    opts.sheen === false ? '' : `<path d="${d}" fill="url(#sheen)"/>`,
    `<path d="${d}" fill="none" stroke="${opts.edge ?? ctx.c.bodyEdge}" stroke-width="3" stroke-linejoin="round"/>`,
  ].join('')
}

function stitch(d: string, colour: string, width = 2.4): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="9 6" stroke-linecap="round" stroke-opacity="0.85"/>`
}

/** A leather strap or handle along a path: edge paint, face, two rows of stitching. */
function strap(ctx: Ctx, d: string, width: number, colour = ctx.c.trim, stitched = true, cap = 'round'): string {
  const edge = darken(colour, 0.42)
  const stitchColour = luminance(colour) > 0.42 ? darken(colour, 0.4) : lighten(colour, 0.45)
  return [
    `<path d="${d}" fill="none" stroke="${edge}" stroke-width="${width}" stroke-linecap="${cap}"/>`,
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width - 5}" stroke-linecap="${cap}"/>`,
    stitched && width > 18
      ? `<path d="${d}" fill="none" stroke="${stitchColour}" stroke-width="${width - 13}" stroke-dasharray="7 5"/>` +
        `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width - 16}" stroke-linecap="${cap}"/>`
      : '',
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="${Math.max(2, width * 0.18)}" stroke-linecap="${cap}" transform="translate(-${n(width * 0.15)} -${n(width * 0.15)})"/>`,
  ].join('')
}

/** A rounded tube (rolled handle) along a path. */
function tube(d: string, width: number, colour: string): string {
  return [
    `<path d="${d}" fill="none" stroke="${darken(colour, 0.45)}" stroke-width="${width}" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="${darken(colour, 0.12)}" stroke-width="${width - 5}" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width * 0.55}" stroke-linecap="round" transform="translate(-2 -3)"/>`,
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.28" stroke-width="${width * 0.14}" stroke-linecap="round" transform="translate(-${n(width * 0.18)} -${n(width * 0.2)})"/>`,
  ].join('')
}

/** Metal chain: alternating open links and edge-on links along a cubic. */
function chain(ctx: Ctx, p0: Pt, p1: Pt, p2: Pt, p3: Pt, opts: { leather?: boolean; size?: number } = {}): string {
  const size = opts.size ?? 1
  const links = alongCubic(p0, p1, p2, p3, 19 * size)
  const out: string[] = []
  if (opts.leather) out.push(strap(ctx, cubic(p0, p1, p2, p3), 9 * size, ctx.c.body, false))
  links.forEach((l, i) => {
    const t = `rotate(${n(l.angle)} ${n(l.x)} ${n(l.y)})`
    if (i % 2 === 0) {
      out.push(
        `<ellipse cx="${n(l.x)}" cy="${n(l.y)}" rx="${n(13 * size)}" ry="${n(8 * size)}" transform="${t}" fill="none" stroke="${ctx.c.hwDark}" stroke-width="${n(7 * size)}"/>`,
        `<ellipse cx="${n(l.x)}" cy="${n(l.y)}" rx="${n(13 * size)}" ry="${n(8 * size)}" transform="${t}" fill="none" stroke="url(#hw)" stroke-width="${n(4.6 * size)}"/>`,
      )
    } else {
      out.push(
        `<rect x="${n(l.x - 13 * size)}" y="${n(l.y - 3.4 * size)}" width="${n(26 * size)}" height="${n(6.8 * size)}" rx="${n(3.4 * size)}" transform="${t}" fill="url(#hw)" stroke="${ctx.c.hwDark}" stroke-width="1.5"/>`,
      )
    }
  })
  return out.join('')
}

function rivet(ctx: Ctx, x: number, y: number, r = 7): string {
  return `<circle cx="${x}" cy="${y + 1.5}" r="${r}" fill="#000" fill-opacity="0.25"/><circle cx="${x}" cy="${y}" r="${r}" fill="url(#hwR)" stroke="${ctx.c.hwDark}" stroke-width="1.2"/>`
}

function ring(ctx: Ctx, x: number, y: number, r: number, w = 7): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${ctx.c.hwDark}" stroke-width="${w + 2.5}"/><circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="url(#hw)" stroke-width="${w}"/>`
}

/** Parts only the front shows (a clasp, a logo): left out of the back view. */
const onFront = (ctx: Ctx, ...parts: string[]) => (ctx.view === 'back' ? '' : parts.join(''))

function metalPlate(ctx: Ctx, d: string): string {
  // clasps and logo plates sit on the front: the back of the bag is plain
  if (ctx.view === 'back') return ''
  return `<path d="${d}" fill="#000" fill-opacity="0.22" transform="translate(0 4)"/><path d="${d}" fill="url(#hw)" stroke="${ctx.c.hwDark}" stroke-width="2"/>`
}

/** Zip: tape, teeth, optional pull at the end. */
function zip(ctx: Ctx, d: string, tape = darken(ctx.c.body, 0.45)): string {
  return [
    `<path d="${d}" fill="none" stroke="${tape}" stroke-width="16" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="${ctx.c.hwDark}" stroke-width="8" stroke-dasharray="3 2.4"/>`,
    `<path d="${d}" fill="none" stroke="url(#hwS)" stroke-width="5" stroke-dasharray="3 2.4"/>`,
  ].join('')
}

function zipPull(ctx: Ctx, x: number, y: number, angle = 0, leather = false): string {
  if (ctx.view === 'back') return ''
  const tab = leather
    ? `<path d="${rrect(x - 9, y + 12, 18, 56, 8)}" fill="${ctx.c.trim}" stroke="${ctx.c.trimEdge}" stroke-width="2"/>${stitch(rrect(x - 5, y + 16, 10, 48, 5), ctx.c.trimStitch, 1.6)}`
    : `<path d="${rrect(x - 8, y + 10, 16, 40, 7)}" fill="url(#hw)" stroke="${ctx.c.hwDark}" stroke-width="1.6"/><path d="${rrect(x - 3.5, y + 30, 7, 14, 3.5)}" fill="${ctx.c.hwDark}"/>`
  return `<g transform="rotate(${angle} ${x} ${y})"><path d="${rrect(x - 9, y - 8, 18, 22, 6)}" fill="url(#hw)" stroke="${ctx.c.hwDark}" stroke-width="1.6"/>${tab}</g>`
}

/** Soft dark line: the shadow a flap or fold throws on the panel below it. */
function castShadow(d: string, width = 12, opacity = 0.35): string {
  return `<path d="${d}" fill="none" stroke="#000" stroke-width="${width}" stroke-linecap="round" stroke-opacity="${opacity}" filter="url(#soft)"/>`
}

function clipTo(ctx: Ctx, d: string, content: string): string {
  const id = uid(ctx, 'clip')
  ctx.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`)
  return `<g clip-path="url(#${id})">${content}</g>`
}

// ---------------------------------------------------------------------------------------------
// patterns

function patternDef(look: BagLook, c: Palette): string {
  const body = look.body
  const dark = darken(body, 0.4)
  // librsvg pays a fixed price per painted tile, so small motifs are repeated into tiles of about 360 px
  // (`bleed`: the motif spills into the cell below, so a row above the tile is drawn as well)
  const tile = (w: number, h: number, content: string, extra = '', bleed = false) => {
    const across = Math.max(1, Math.round(360 / w))
    const down = Math.max(1, Math.round(360 / h))
    const copies: string[] = []
    for (let i = 0; i < across; i++) {
      for (let j = bleed ? -1 : 0; j < down; j++) {
        copies.push(i === 0 && j === 0 ? content : `<g transform="translate(${i * w} ${j * h})">${content}</g>`)
      }
    }
    return `<pattern id="pat" patternUnits="userSpaceOnUse" width="${w * across}" height="${h * down}"${extra}>${copies.join('')}</pattern>`
  }
  switch (look.pattern) {
    case 'plain':
      return ''
    case 'quilted':
      return (
        // two cross gradients make each cell a cushion: light in the middle, dark into the seams
        `<linearGradient id="puffX" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.24"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.07"/><stop offset="1" stop-color="#000" stop-opacity="0.24"/></linearGradient>` +
        `<linearGradient id="puffY" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.24"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.07"/><stop offset="1" stop-color="#000" stop-opacity="0.24"/></linearGradient>` +
        tile(
          74,
          74,
          '<rect width="74" height="74" fill="url(#puffX)"/><rect width="74" height="74" fill="url(#puffY)"/>' +
            `<path d="M0 0H74M0 0V74" stroke="${dark}" stroke-width="5" stroke-opacity="0.7"/>` +
            `<path d="M0 0H74M0 0V74" stroke="${c.stitch}" stroke-width="1.6" stroke-dasharray="5 4" stroke-opacity="0.7"/>`,
          ' patternTransform="rotate(45 600 600)"',
        )
      )
    case 'chevron':
      return (
        `<linearGradient id="puff" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>` +
        tile(
          96,
          52,
          '<path d="M0 4L48 34L96 4V56L48 86L0 56Z" fill="url(#puff)"/>' +
            `<path d="M-2 4L48 34L98 4" fill="none" stroke="${dark}" stroke-width="4.5" stroke-opacity="0.75"/>` +
            `<path d="M-2 4L48 34L98 4" fill="none" stroke="${c.stitch}" stroke-width="1.5" stroke-dasharray="5 4" stroke-opacity="0.7"/>`,
          '',
          true,
        )
      )
    case 'monogram': {
      const m = look.trim
      const flower = (x: number, y: number) =>
        `<g fill="${m}">${[
          [0, -9],
          [9, 0],
          [0, 9],
          [-9, 0],
        ]
          .map(([dx, dy]) => `<circle cx="${x + dx!}" cy="${y + dy!}" r="6.5"/>`)
          .join('')}</g><circle cx="${x}" cy="${y}" r="3.2" fill="${body}"/>`
      const star = (x: number, y: number, r: number) =>
        `<path d="M${x} ${y - r}Q${x + 3} ${y - 3} ${x + r} ${y}Q${x + 3} ${y + 3} ${x} ${y + r}Q${x - 3} ${y + 3} ${x - r} ${y}Q${x - 3} ${y - 3} ${x} ${y - r}Z" fill="${m}"/>`
      const diamond = (x: number, y: number) =>
        `<path d="M${x} ${y - 11}L${x + 11} ${y}L${x} ${y + 11}L${x - 11} ${y}Z" fill="none" stroke="${m}" stroke-width="3"/><circle cx="${x}" cy="${y}" r="3" fill="${m}"/>`
      return tile(
        112,
        112,
        `<g fill-opacity="0.88" stroke-opacity="0.88">${flower(28, 28)}${star(84, 84, 16)}${diamond(84, 28)}${star(28, 84, 9)}</g>`,
      )
    }
    case 'dots':
      return tile(
        58,
        58,
        `<circle cx="14" cy="14" r="7" fill="${look.trim}"/><circle cx="43" cy="43" r="7" fill="${look.trim}"/>`,
      )
    case 'stripes':
      return tile(
        96,
        360,
        `<rect width="44" height="360" fill="${look.trim}"/><rect x="44" width="3" height="360" fill="#000" fill-opacity="0.06"/>`,
      )
    case 'breton':
      return tile(360, 50, `<rect y="18" width="360" height="15" fill="${look.trim}"/>`)
    case 'croc': {
      // rows of irregular scales: a tile wide enough that the repeat does not read as bricks
      const rand = seeded(7)
      const W = 320
      const scales: string[] = []
      let y = 0
      for (const h of [26, 32, 29, 36, 30, 24, 34, 28]) {
        // widths that add up to the tile width exactly, so the row wraps without a seam
        const widths: number[] = []
        let total = 0
        while (W - total > h * 1.6) {
          const w = h * (0.7 + rand() * 1.1)
          widths.push(w)
          total += w
        }
        widths.push(W - total)
        let x = rand() * W
        for (const w of widths) {
          const shade = rand()
          const fill = shade < 0.33 ? 'url(#scaleA)' : shade < 0.66 ? 'url(#scaleB)' : 'url(#scaleC)'
          for (const at of x + w > W ? [x, x - W] : [x]) {
            scales.push(
              `<rect x="${n(at + 1)}" y="${n(y + 1)}" width="${n(w - 2)}" height="${n(h - 2)}" rx="${n(Math.min(w, h) * 0.2)}" fill="${fill}"/>`,
            )
          }
          x = (x + w) % W
        }
        y += h
      }
      const grad = (id: string, centre: string, edge: string) =>
        `<radialGradient id="${id}" cx="0.4" cy="0.3" r="0.8"><stop offset="0" stop-color="${centre}"/><stop offset="0.8" stop-color="${body}"/><stop offset="1" stop-color="${edge}"/></radialGradient>`
      return (
        grad('scaleA', lighten(body, 0.1), darken(body, 0.1)) +
        grad('scaleB', lighten(body, 0.05), darken(body, 0.16)) +
        grad('scaleC', lighten(body, 0.14), darken(body, 0.06)) +
        tile(W, y, `<rect width="${W}" height="${y}" fill="${darken(body, 0.3)}"/>${scales.join('')}`)
      )
    }
    case 'pebbled': {
      // random grain over a large tile: a small repeated cell shows its grid
      const rand = seeded(3)
      const dots: string[] = []
      for (let i = 0; i < 420; i++) {
        const isLight = i % 2 === 0
        dots.push(
          `<circle cx="${n(rand() * 192)}" cy="${n(rand() * 192)}" r="${n(1.1 + rand() * 1.6)}" fill="${isLight ? lighten(body, 0.3) : darken(body, 0.35)}" fill-opacity="${isLight ? 0.2 : 0.22}"/>`,
        )
      }
      return tile(192, 192, dots.join(''))
    }
    case 'woven': {
      // basket-woven leather strips on the diagonal; each strip darkens where it dips under its neighbour
      const along = (id: string, x2: number, y2: number) =>
        `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${darken(body, 0.24)}"/><stop offset="0.5" stop-color="${lighten(body, 0.1)}"/><stop offset="1" stop-color="${darken(body, 0.24)}"/></linearGradient>`
      const flat = (x: number, y: number) =>
        `<rect x="${x + 1}" y="${y + 1}" width="38" height="18" rx="5" fill="url(#wovH)"/><rect x="${x + 1}" y="${y + 21}" width="38" height="18" rx="5" fill="url(#wovH)"/>`
      const upright = (x: number, y: number) =>
        `<rect x="${x + 1}" y="${y + 1}" width="18" height="38" rx="5" fill="url(#wovV)"/><rect x="${x + 21}" y="${y + 1}" width="18" height="38" rx="5" fill="url(#wovV)"/>`
      return (
        along('wovH', 1, 0) +
        along('wovV', 0, 1) +
        tile(
          80,
          80,
          `<rect width="80" height="80" fill="${darken(body, 0.45)}"/>${flat(0, 0)}${upright(40, 0)}${upright(0, 40)}${flat(40, 40)}`,
          ' patternTransform="rotate(45 600 600)"',
        )
      )
    }
    case 'canvas': {
      // fine weave
      const across = Array.from({ length: 90 }, (_, i) => `M0 ${i * 4 + 2}H360`).join('')
      const down = Array.from({ length: 90 }, (_, i) => `M${i * 4 + 2} 0V360`).join('')
      return tile(
        360,
        360,
        `<path d="${across}" stroke="#000" stroke-opacity="0.07" stroke-width="1.5"/><path d="${down}" stroke="#fff" stroke-opacity="0.07" stroke-width="1.5"/>`,
      )
    }
  }
}

// ---------------------------------------------------------------------------------------------
// shapes: each returns its drawing and its footprint on the floor [left, right]

interface Drawn {
  svg: string
  floor: [number, number]
  /** Small bags are drawn larger so every shot fills the frame alike. */
  scale?: number
  /** The point the hardware close-up centres on (a clasp, a ring, a zip pull). */
  detail: Pt
}

/** Bags are drawn standing on y = 956 and placed on the studio floor at y = 1000. */
const DRAWN_FLOOR = 956
const FLOOR = 1000
const BASE_SCALE = 1.1

function shoulderFlap(ctx: Ctx): Drawn {
  const { c } = ctx
  const body = rrect(330, 600, 540, 355, 30)
  const flapPts: Pt[] = [
    [324, 590],
    [876, 590],
    [876, 806],
    [324, 806],
  ]
  const flap = roundedPoly(flapPts, [26, 26, 42, 42])
  return {
    detail: [600, 797],
    floor: [330, 870],
    svg: [
      chain(ctx, [372, 616], [290, 70], [910, 70], [828, 616], { leather: true }),
      panel(ctx, body),
      stitch(rrect(344, 614, 512, 327, 20), c.stitch),
      castShadow('M350 812H850', 14, 0.4),
      panel(ctx, flap),
      stitch(roundedPoly(insetPoly(flapPts, 14), [16, 16, 30, 30]), c.stitch),
      ring(ctx, 372, 616, 12, 6),
      ring(ctx, 828, 616, 12, 6),
      metalPlate(ctx, rrect(546, 766, 108, 62, 12)),
      onFront(
        ctx,
        `<path d="${rrect(560, 778, 80, 38, 9)}" fill="${c.body}" stroke="${c.hwDark}" stroke-width="2"/>`,
        `<path d="${rrect(566, 788, 68, 18, 9)}" fill="url(#hw)" stroke="${c.hwDark}" stroke-width="1.5"/>`,
        `<circle cx="600" cy="797" r="13" fill="url(#hwR)" stroke="${c.hwDark}" stroke-width="1.5"/>`,
      ),
    ].join(''),
  }
}

function shoulderCamera(ctx: Ctx): Drawn {
  const { c } = ctx
  const body = rrect(350, 640, 500, 315, 46)
  return {
    detail: [600, 790],
    floor: [350, 850],
    scale: 1.06,
    svg: [
      chain(ctx, [372, 676], [300, 160], [900, 160], [828, 676], { size: 0.85 }),
      panel(ctx, body),
      stitch(rrect(364, 654, 472, 287, 34), c.stitch),
      zip(ctx, 'M392 668H808'),
      zipPull(ctx, 800, 668, 0, false),
      // tassel hanging from the pull
      `<g transform="translate(800 716)"><path d="M-10 0H10L15 92Q0 100 -15 92Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>` +
        [-9, -4, 1, 6, 11]
          .map(
            (x) => `<path d="M${x * 0.6} 14L${x} 90" stroke="${c.trimEdge}" stroke-width="1.5" stroke-opacity="0.55"/>`,
          )
          .join('') +
        `<path d="${rrect(-12, -4, 24, 18, 6)}" fill="url(#hw)" stroke="${c.hwDark}" stroke-width="1.5"/></g>`,
      ring(ctx, 372, 676, 12, 6),
      ring(ctx, 828, 676, 12, 6),
      // interlocking rings emblem
      `<g fill-opacity="0.35" stroke-opacity="0.35" transform="translate(0 4)"><circle cx="577" cy="812" r="34" fill="none" stroke="#000" stroke-width="11"/><circle cx="623" cy="812" r="34" fill="none" stroke="#000" stroke-width="11"/></g>`,
      ring(ctx, 577, 812, 34, 9),
      ring(ctx, 623, 812, 34, 9),
      `<path d="M589 780A34 34 0 0 1 611 812" fill="none" stroke="url(#hw)" stroke-width="9"/>`,
    ].join(''),
  }
}

function shoulderBaguette(ctx: Ctx): Drawn {
  const { c } = ctx
  const body = rrect(320, 690, 560, 265, 24)
  const flapPts: Pt[] = [
    [314, 682],
    [886, 682],
    [886, 884],
    [314, 884],
  ]
  const strapD = cubic([392, 704], [360, 330], [840, 330], [808, 704])
  return {
    detail: [600, 870],
    floor: [320, 880],
    svg: [
      strap(ctx, strapD, 40, c.trim),
      panel(ctx, body),
      stitch(rrect(334, 704, 532, 237, 14), c.stitch),
      castShadow('M340 890H860', 12, 0.4),
      panel(ctx, roundedPoly(flapPts, [22, 22, 34, 34])),
      stitch(roundedPoly(insetPoly(flapPts, 14), [12, 12, 22, 22]), c.stitch),
      `<path d="${rrect(376, 684, 32, 34, 6)}" fill="none" stroke="url(#hw)" stroke-width="6"/>`,
      `<path d="${rrect(792, 684, 32, 34, 6)}" fill="none" stroke="url(#hw)" stroke-width="6"/>`,
      // rectangular frame clasp
      onFront(
        ctx,
        `<path d="${rrect(518, 810, 164, 66, 14)}" fill="none" stroke="#000" stroke-width="14" stroke-opacity="0.22" transform="translate(0 4)"/>`,
        `<path d="${rrect(518, 810, 164, 66, 14)}" fill="none" stroke="${c.hwDark}" stroke-width="14"/>`,
        `<path d="${rrect(518, 810, 164, 66, 14)}" fill="none" stroke="url(#hw)" stroke-width="10"/>`,
        `<path d="M600 812V874" stroke="${c.hwDark}" stroke-width="12"/><path d="M600 812V874" stroke="url(#hwS)" stroke-width="8"/>`,
      ),
    ].join(''),
  }
}

function shoulderHobo(ctx: Ctx): Drawn {
  const { c } = ctx
  const body = 'M398 585Q600 668 802 585C905 676 930 880 760 952C680 985 520 985 440 952C270 880 295 676 398 585Z'
  const strapBand = 'M384 614C330 150 870 150 816 614L774 600C806 236 394 236 426 600Z'
  return {
    detail: [640, 700],
    floor: [320, 880],
    svg: [
      panel(ctx, strapBand, { sheen: false }),
      stitch('M396 606C346 178 854 178 804 606', c.stitch, 2),
      stitch('M414 598C378 214 822 214 786 598', c.stitch, 2),
      panel(ctx, body),
      // slouch: soft folds fanning from the strap ends
      clipTo(
        ctx,
        body,
        [
          castShadow('M410 610Q450 720 405 830', 10, 0.22),
          castShadow('M440 626Q500 730 480 880', 8, 0.18),
          castShadow('M790 610Q750 720 795 830', 10, 0.22),
          castShadow('M760 626Q700 730 720 880', 8, 0.18),
          `<path d="M452 640Q520 760 500 900" fill="none" stroke="#fff" stroke-width="14" stroke-opacity="0.08" filter="url(#soft)"/>`,
        ].join(''),
      ),
      zip(ctx, 'M420 612Q600 690 780 612'),
      zipPull(ctx, 720, 637, -10, true),
      // piston clasp at the front
      metalPlate(ctx, rrect(560, 712, 80, 36, 16)),
      `<path d="${rrect(590, 700, 20, 60, 8)}" fill="url(#hwS)" stroke="${c.hwDark}" stroke-width="1.5"/>`,
      scaled(600, 775, 0.93, 0.9, stitch(body, c.stitch)),
    ].join(''),
  }
}

function shoulderHalfmoon(ctx: Ctx): Drawn {
  const { c } = ctx
  const body = 'M382 632H818Q850 632 850 664C850 846 740 955 600 955C460 955 350 846 350 664Q350 632 382 632Z'
  const flap = 'M376 622H824Q858 622 858 656C858 730 790 806 600 816C410 806 342 730 342 656Q342 622 376 622Z'
  const strapD = cubic([360, 648], [310, 110], [890, 110], [840, 648])
  return {
    detail: [600, 800],
    floor: [350, 850],
    svg: [
      strap(ctx, strapD, 22, c.trim),
      panel(ctx, body),
      scaled(600, 790, 0.94, 0.92, stitch(body, c.stitch)),
      castShadow('M380 740Q420 810 600 826Q780 810 820 740', 12, 0.35),
      panel(ctx, flap),
      scaled(600, 715, 0.94, 0.86, stitch(flap, c.stitch)),
      ring(ctx, 360, 648, 15, 6),
      ring(ctx, 840, 648, 15, 6),
      // tab and stud
      `<path d="M576 770H624V850Q600 872 576 850Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2.5"/>`,
      stitch('M584 776V846Q600 860 616 846V776', c.trimStitch, 1.8),
      rivet(ctx, 600, 836, 12),
    ].join(''),
  }
}

function shoulderBucket(ctx: Ctx): Drawn {
  const { c } = ctx
  const body = 'M396 580A204 36 0 0 0 804 580L834 905C836 950 720 964 600 964C480 964 364 950 366 905Z'
  const eyelets = [0.12, 0.26, 0.4, 0.6, 0.74, 0.88].map((t) => {
    const x = 402 + 396 * t
    const y = 624 + Math.sin(Math.PI * t) * 34
    return { x, y }
  })
  const cord = `M${eyelets.map((e) => `${n(e.x)} ${n(e.y)}`).join('L')}`
  return {
    detail: [600, 740],
    floor: [366, 834],
    svg: [
      strap(ctx, cubic([404, 606], [360, 150], [840, 150], [796, 606]), 34, c.trim),
      `<ellipse cx="600" cy="580" rx="204" ry="36" fill="${c.lining}"/>`,
      `<ellipse cx="600" cy="586" rx="186" ry="26" fill="#000" fill-opacity="0.35" filter="url(#soft)"/>`,
      `<path d="M396 580A204 36 0 0 1 804 580" fill="none" stroke="${c.body}" stroke-width="8"/>`,
      panel(ctx, body),
      clipTo(
        ctx,
        body,
        [
          [452, 80],
          [536, 60],
          [664, 66],
          [748, 84],
        ]
          .map(([x, len], i) =>
            castShadow(`M${x} 618Q${x! + (i % 2 ? 10 : -10)} ${618 + len! / 2} ${x! + 3} ${618 + len!}`, 9, 0.12),
          )
          .join(''),
      ),
      stitch('M370 870C380 912 480 930 600 930C720 930 820 912 830 870', c.stitch),
      `<path d="M366 868C380 910 480 924 600 924C720 924 820 910 834 868" fill="none" stroke="${c.bodyEdge}" stroke-width="2" stroke-opacity="0.6"/>`,
      `<path d="${cord}" fill="none" stroke="${darken(c.trim, 0.2)}" stroke-width="9" stroke-linecap="round"/>`,
      `<path d="${cord}" fill="none" stroke="${c.trim}" stroke-width="5" stroke-linecap="round"/>`,
      eyelets.map((e) => ring(ctx, n(e.x), n(e.y), 9, 5)).join(''),
      // hanging cord ends with knots
      `<path d="M560 655Q548 720 556 770M640 655Q652 720 644 770" fill="none" stroke="${darken(c.trim, 0.2)}" stroke-width="9" stroke-linecap="round"/>`,
      `<path d="M560 655Q548 720 556 770M640 655Q652 720 644 770" fill="none" stroke="${c.trim}" stroke-width="5" stroke-linecap="round"/>`,
      `<path d="${rrect(545, 766, 22, 30, 8)}" fill="url(#hw)" stroke="${c.hwDark}" stroke-width="1.5"/>`,
      `<path d="${rrect(633, 766, 22, 30, 8)}" fill="url(#hw)" stroke="${c.hwDark}" stroke-width="1.5"/>`,
      ring(ctx, 404, 606, 11, 5),
      ring(ctx, 796, 606, 11, 5),
    ].join(''),
  }
}

function toteOpen(ctx: Ctx): Drawn {
  const { c } = ctx
  const front = 'M300 510Q600 552 900 510L848 930Q845 956 818 956H382Q355 956 352 930Z'
  const opening = 'M300 512Q600 462 900 512Q600 552 300 512Z'
  return {
    detail: [438, 580],
    floor: [352, 848],
    svg: [
      strap(ctx, cubic([452, 500], [446, 150], [754, 150], [748, 500]), 26, darken(c.trim, 0.12)),
      `<path d="${opening}" fill="${c.lining}"/>`,
      clipTo(ctx, opening, castShadow('M300 520Q600 566 900 520', 40, 0.45)),
      `<path d="M300 512Q600 462 900 512" fill="none" stroke="${c.trimEdge}" stroke-width="14" stroke-linecap="round"/>`,
      `<path d="M300 512Q600 462 900 512" fill="none" stroke="${darken(c.trim, 0.1)}" stroke-width="10" stroke-linecap="round"/>`,
      panel(ctx, front),
      // trim along the top and the sides
      `<path d="M300 510Q600 552 900 510L898 536Q600 578 302 536Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2.5"/>`,
      stitch('M304 526Q600 566 896 526', c.trimStitch, 1.8),
      `<path d="M899 536L853 900M301 536L347 900" stroke="${c.trimEdge}" stroke-width="12"/><path d="M899 536L853 900M301 536L347 900" stroke="${c.trim}" stroke-width="8"/>`,
      // leather corners
      `<path d="M352 880L358 930Q360 956 386 956H440Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
      `<path d="M848 880L842 930Q840 956 814 956H760Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
      strap(ctx, cubic([438, 560], [430, 170], [770, 170], [762, 560]), 28, c.trim),
      `<path d="${rrect(420, 546, 36, 52, 8)}" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
      `<path d="${rrect(744, 546, 36, 52, 8)}" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
      rivet(ctx, 438, 580, 7),
      rivet(ctx, 762, 580, 7),
      // side laces
      `<path d="M300 520Q270 560 292 606M900 520Q930 560 908 606" fill="none" stroke="${c.trimEdge}" stroke-width="7" stroke-linecap="round"/>`,
      `<path d="M300 520Q270 560 292 606M900 520Q930 560 908 606" fill="none" stroke="${c.trim}" stroke-width="4" stroke-linecap="round"/>`,
      ring(ctx, 302, 522, 9, 4),
      ring(ctx, 898, 522, 9, 4),
    ].join(''),
  }
}

function toteShopper(ctx: Ctx): Drawn {
  const { c } = ctx
  const pts: Pt[] = [
    [332, 480],
    [868, 480],
    [884, 956],
    [316, 956],
  ]
  const body = roundedPoly(pts, [6, 6, 16, 16])
  const webbing = (x: number) =>
    `<path d="M${x - 17} 480H${x + 17}V${918}H${x - 17}Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>` +
    `<path d="M${x - 17} 480H${x + 17}V${918}H${x - 17}Z" fill="url(#shadeY)"/>` +
    stitch(`M${x - 11} 546V912M${x + 11} 546V912`, c.trimStitch, 1.6) +
    stitch(
      `M${x - 11} 492H${x + 11}V538H${x - 11}ZM${x - 11} 492L${x + 11} 538M${x + 11} 492L${x - 11} 538`,
      c.trimStitch,
      1.4,
    )
  return {
    detail: [460, 520],
    floor: [316, 884],
    svg: [
      strap(ctx, cubic([470, 482], [466, 110], [734, 110], [730, 482]), 34, darken(c.trim, 0.2), true, 'butt'),
      panel(ctx, body),
      `<path d="M332 480H868L870 520H330Z" fill="#000" fill-opacity="0.08"/>`,
      stitch('M334 520H866', c.stitch),
      stitch('M326 904L874 904', c.stitch),
      webbing(440),
      webbing(760),
      strap(ctx, cubic([440, 481], [436, 128], [764, 128], [760, 481]), 34, c.trim, true, 'butt'),
    ].join(''),
  }
}

function totePliage(ctx: Ctx): Drawn {
  const { c } = ctx
  const pts: Pt[] = [
    [286, 550],
    [914, 550],
    [818, 956],
    [382, 956],
  ]
  const body = roundedPoly(pts, [8, 8, 22, 22])
  const flap = 'M528 526H672V660Q672 706 600 706Q528 706 528 660Z'
  return {
    detail: [600, 660],
    floor: [382, 818],
    svg: [
      tube(cubic([470, 540], [468, 250], [732, 250], [730, 540]), 24, darken(c.trim, 0.15)),
      panel(ctx, body),
      // accordion folds of the nylon
      clipTo(
        ctx,
        body,
        [
          castShadow('M360 580L440 950', 8, 0.16),
          castShadow('M840 580L760 950', 8, 0.16),
          `<path d="M380 580L452 950M820 580L748 950" stroke="#fff" stroke-width="6" stroke-opacity="0.12" filter="url(#soft)"/>`,
          castShadow('M330 760Q600 775 870 760', 10, 0.1),
        ].join(''),
      ),
      `<path d="M286 550H914L910 574H290Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
      tube(cubic([448, 566], [444, 270], [756, 270], [752, 566]), 26, c.trim),
      `<path d="${rrect(432, 552, 32, 38, 8)}" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
      `<path d="${rrect(736, 552, 32, 38, 8)}" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
      castShadow('M536 712Q600 722 664 712', 10, 0.35),
      `<path d="${flap}" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="3"/>`,
      `<path d="${flap}" fill="url(#shadeX)"/>`,
      stitch('M540 530V656Q540 694 600 694Q660 694 660 656V530', c.trimStitch, 2),
      rivet(ctx, 600, 660, 15),
    ].join(''),
  }
}

function toteStructured(ctx: Ctx): Drawn {
  const { c } = ctx
  const pts: Pt[] = [
    [346, 590],
    [854, 590],
    [892, 956],
    [308, 956],
  ]
  const body = roundedPoly(pts, [14, 14, 22, 22])
  const flapPts: Pt[] = [
    [338, 580],
    [862, 580],
    [866, 690],
    [334, 690],
  ]
  return {
    detail: [600, 800],
    floor: [308, 892],
    svg: [
      tube(cubic([462, 592], [452, 350], [748, 350], [738, 592]), 30, darken(c.body, 0.15)),
      panel(ctx, body),
      stitch(roundedPoly(insetPoly(pts, 12), [8, 8, 14, 14]), c.stitch),
      clipTo(ctx, body, castShadow('M400 700L372 950M800 700L828 950', 8, 0.16)),
      castShadow('M344 696H856', 12, 0.35),
      panel(ctx, roundedPoly(flapPts, [12, 12, 10, 10])),
      stitch(roundedPoly(insetPoly(flapPts, 11), 6), c.stitch),
      // straps down to the hasp
      `<path d="${rrect(470, 600, 40, 150, 8)}" fill="${c.body}" stroke="${c.bodyEdge}" stroke-width="2.5"/><path d="${rrect(470, 600, 40, 150, 8)}" fill="url(#shadeX)"/>`,
      `<path d="${rrect(690, 600, 40, 150, 8)}" fill="${c.body}" stroke="${c.bodyEdge}" stroke-width="2.5"/><path d="${rrect(690, 600, 40, 150, 8)}" fill="url(#shadeX)"/>`,
      stitch('M478 608V742M502 608V742M698 608V742M722 608V742', c.stitch, 1.8),
      metalPlate(ctx, rrect(462, 724, 56, 30, 6)),
      metalPlate(ctx, rrect(682, 724, 56, 30, 6)),
      metalPlate(ctx, rrect(560, 716, 80, 44, 8)),
      `<circle cx="600" cy="738" r="9" fill="${c.hwDark}"/>`,
      // padlock
      `<path d="M578 800V776Q578 752 600 752Q622 752 622 776V800" fill="none" stroke="${c.hwDark}" stroke-width="11"/>`,
      `<path d="M578 800V776Q578 752 600 752Q622 752 622 776V800" fill="none" stroke="url(#hwS)" stroke-width="7"/>`,
      metalPlate(ctx, rrect(562, 796, 76, 64, 14)),
      `<path d="M600 818V838" stroke="${c.hwDark}" stroke-width="6" stroke-linecap="round"/>`,
      tube(cubic([452, 600], [440, 370], [760, 370], [748, 600]), 32, c.body),
      `<path d="${rrect(436, 584, 34, 44, 8)}" fill="${c.body}" stroke="${c.bodyEdge}" stroke-width="2"/>`,
      `<path d="${rrect(730, 584, 34, 44, 8)}" fill="${c.body}" stroke="${c.bodyEdge}" stroke-width="2"/>`,
      rivet(ctx, 453, 612, 6),
      rivet(ctx, 747, 612, 6),
    ].join(''),
  }
}

/** Shoulder straps seen from the front: padded bands bulging out from behind the body's sides. */
function backpackStraps(left: number, right: number, top: number, bottom: number, colour: string): string {
  const h = bottom - top
  const side = (x: number, dir: number) =>
    `M${x - dir * 24} ${top}C${x + dir * 62} ${top + h * 0.12} ${x + dir * 72} ${top + h * 0.55} ${x + dir * 22} ${bottom}` +
    `L${x - dir * 10} ${bottom - 6}C${x + dir * 30} ${top + h * 0.55} ${x + dir * 14} ${top + h * 0.2} ${x - dir * 52} ${top + 34}Z`
  const fill = darken(colour, 0.22)
  const edge = darken(colour, 0.5)
  return [side(left, -1), side(right, 1)]
    .map(
      (d) => `<path d="${d}" fill="${fill}" stroke="${edge}" stroke-width="2.5"/><path d="${d}" fill="url(#shadeX)"/>`,
    )
    .join('')
}

function backpackClassic(ctx: Ctx): Drawn {
  const { c } = ctx
  const body = 'M370 928V548C370 392 470 356 600 356C730 356 830 392 830 548V928Q830 956 802 956H398Q370 956 370 928Z'
  const pocketPts: Pt[] = [
    [428, 690],
    [772, 690],
    [784, 934],
    [416, 934],
  ]
  return {
    detail: [722, 716],
    floor: [370, 830],
    svg: [
      backpackStraps(370, 830, 450, 930, c.trim),
      tube('M566 372Q566 318 600 318Q634 318 634 372', 16, c.trim),
      panel(ctx, body),
      zip(ctx, 'M392 650V560C392 414 480 380 600 380C720 380 808 414 808 560V650'),
      zipPull(ctx, 395, 640, 0, true),
      zipPull(ctx, 805, 640, 0, true),
      stitch('M382 652V560C382 402 476 368 600 368', c.stitch),
      castShadow('M426 940H774', 12, 0.3),
      panel(ctx, roundedPoly(pocketPts, [44, 44, 26, 26]), { edge: c.bodyEdge }),
      stitch(roundedPoly(insetPoly(pocketPts, 12), [34, 34, 16, 16]), c.stitch),
      zip(ctx, 'M470 716H730'),
      zipPull(ctx, 722, 716, 0, true),
      `<path d="M370 900H830V928Q830 956 802 956H398Q370 956 370 928Z" fill="#000" fill-opacity="0.14"/>`,
    ].join(''),
  }
}

function backpackKanken(ctx: Ctx): Drawn {
  const { c } = ctx
  const pts: Pt[] = [
    [384, 420],
    [816, 420],
    [816, 956],
    [384, 956],
  ]
  const body = roundedPoly(pts, [96, 96, 38, 38])
  const pocket = rrect(430, 756, 340, 170, 18)
  const mark = luminance(c.trim) > 0.6 ? c.body : lighten(c.trim, 0.85)
  return {
    detail: [738, 760],
    floor: [384, 816],
    scale: 1.04,
    svg: [
      backpackStraps(384, 816, 470, 930, darken(c.body, 0.05)),
      strap(ctx, 'M526 428Q526 368 566 368Q588 368 588 428', 14, darken(c.body, 0.08), false),
      strap(ctx, 'M612 428Q612 368 634 368Q674 368 674 428', 14, darken(c.body, 0.08), false),
      panel(ctx, body),
      zip(ctx, 'M410 700V520Q410 446 484 446H716Q790 446 790 520V700', darken(c.body, 0.3)),
      zipPull(ctx, 413, 694, 0, false),
      zipPull(ctx, 787, 694, 0, false),
      castShadow('M436 932H764', 10, 0.3),
      panel(ctx, pocket),
      stitch(rrect(440, 766, 320, 150, 12), c.stitch),
      zip(ctx, 'M456 782H744', darken(c.body, 0.3)),
      zipPull(ctx, 738, 782, 0, false),
      // round emblem
      `<circle cx="600" cy="660" r="34" fill="#000" fill-opacity="0.2" transform="translate(0 3)"/>`,
      `<circle cx="600" cy="660" r="34" fill="${c.trim}" stroke="${darken(c.trim, 0.35)}" stroke-width="2.5"/>`,
      `<circle cx="600" cy="660" r="25" fill="none" stroke="${mark}" stroke-width="2.5"/>`,
      `<path d="M586 670L594 646L600 656L606 646L614 670Q600 680 586 670Z" fill="${mark}"/>`,
    ].join(''),
  }
}

function backpackMini(ctx: Ctx): Drawn {
  const { c } = ctx
  const body = 'M420 928V610C420 566 470 540 600 540C730 540 780 566 780 610V928Q780 956 752 956H448Q420 956 420 928Z'
  const flap =
    'M428 566C428 536 480 520 600 520C720 520 772 536 772 566V704C772 748 700 778 600 784C500 778 428 748 428 704Z'
  return {
    detail: [600, 792],
    floor: [420, 780],
    scale: 1.22,
    svg: [
      backpackStraps(420, 780, 580, 930, c.trim),
      tube('M566 528Q566 470 600 470Q634 470 634 528', 14, c.trim),
      panel(ctx, body),
      scaled(600, 760, 0.93, 0.94, stitch(body, c.stitch)),
      // drawstring gather peeking above the flap
      `<path d="M470 542Q600 500 730 542" fill="none" stroke="${darken(c.trim, 0.2)}" stroke-width="8" stroke-linecap="round"/>`,
      castShadow('M450 760Q520 790 600 794Q680 790 750 760', 12, 0.35),
      panel(ctx, flap),
      scaled(600, 660, 0.92, 0.88, stitch(flap, c.stitch)),
      // buckle strap
      `<path d="${rrect(582, 690, 36, 170, 10)}" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
      stitch('M590 698V852M610 698V852', c.trimStitch, 1.6),
      `<path d="${rrect(568, 770, 64, 44, 10)}" fill="none" stroke="${c.hwDark}" stroke-width="11"/>`,
      `<path d="${rrect(568, 770, 64, 44, 10)}" fill="none" stroke="url(#hw)" stroke-width="7"/>`,
      `<path d="M600 772V812" stroke="url(#hwS)" stroke-width="5"/>`,
      `<path d="${rrect(574, 874, 52, 26, 6)}" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
    ].join(''),
  }
}

function backpackRolltop(ctx: Ctx): Drawn {
  const { c } = ctx
  const bodyPts: Pt[] = [
    [370, 488],
    [830, 488],
    [830, 956],
    [370, 956],
  ]
  const body = roundedPoly(bodyPts, [10, 10, 36, 36])
  const roll = rrect(378, 420, 444, 86, 43)
  const webbing = (x: number) =>
    `<path d="M${x - 18} 690V434Q${x - 18} 414 ${x} 413Q${x + 18} 414 ${x + 18} 434V690Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>` +
    stitch(`M${x - 12} 430V684M${x + 12} 430V684`, c.trimStitch, 1.5) +
    `<path d="${rrect(x - 28, 676, 56, 58, 10)}" fill="#2b2b2b" stroke="#111" stroke-width="2"/>` +
    `<path d="${rrect(x - 20, 686, 40, 38, 6)}" fill="#3b3b3b"/>` +
    `<path d="M${x - 14} 700H${x + 14}M${x - 14} 710H${x + 14}" stroke="#555" stroke-width="3"/>` +
    `<path d="M${x - 18} 734H${x + 18}V790H${x - 18}Z" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`
  return {
    detail: [478, 700],
    floor: [370, 830],
    svg: [
      backpackStraps(370, 830, 500, 930, darken(c.body, 0.1)),
      panel(ctx, body),
      stitch(roundedPoly(insetPoly(bodyPts, 12), [6, 6, 26, 26]), c.stitch),
      castShadow('M390 512H810', 14, 0.35),
      panel(ctx, roll),
      `<path d="M400 454Q600 442 800 454" fill="none" stroke="${darken(c.body, 0.3)}" stroke-width="3" stroke-opacity="0.6"/>`,
      `<path d="M400 478Q600 470 800 478" fill="none" stroke="#fff" stroke-width="4" stroke-opacity="0.14"/>`,
      `<ellipse cx="410" cy="463" rx="22" ry="36" fill="none" stroke="${darken(c.body, 0.35)}" stroke-width="3" stroke-opacity="0.7"/>`,
      `<ellipse cx="790" cy="463" rx="22" ry="36" fill="none" stroke="${darken(c.body, 0.35)}" stroke-width="3" stroke-opacity="0.7"/>`,
      webbing(478),
      webbing(722),
      // vertical zip pocket
      zip(ctx, 'M600 560V900', darken(c.body, 0.35)),
      zipPull(ctx, 600, 574, 0, true),
    ].join(''),
  }
}

function drawShape(ctx: Ctx, spec: BagArtSpec): Drawn {
  switch (spec.kind) {
    case 'shoulder':
      return {
        flap: shoulderFlap,
        camera: shoulderCamera,
        baguette: shoulderBaguette,
        hobo: shoulderHobo,
        halfmoon: shoulderHalfmoon,
        bucket: shoulderBucket,
      }[spec.shape](ctx)
    case 'tote':
      return { open: toteOpen, shopper: toteShopper, pliage: totePliage, structured: toteStructured }[spec.shape](ctx)
    case 'backpack':
      return { classic: backpackClassic, kanken: backpackKanken, mini: backpackMini, rolltop: backpackRolltop }[
        spec.shape
      ](ctx)
  }
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// views drawn apart from the shapes: only the footprint and the palette of the shape are needed

/** Looking down into the open bag: the lining, a slip pocket and a zip pocket, the handles over it. */
function openBag(ctx: Ctx, kind: BagKind, drawn: Drawn): string {
  const { c } = ctx
  const [left, right] = drawn.floor
  const w = right - left
  const mid = (left + right) / 2
  const rx = w / 2
  const ry = n(w * 0.2)
  const top = n(DRAWN_FLOOR - w * { backpack: 0.78, tote: 0.62, shoulder: 0.5 }[kind])
  const L = left
  const R = right
  const front = `M${L} ${top}A${rx} ${ry} 0 0 0 ${R} ${top}L${R - 14} ${DRAWN_FLOOR - 22}Q${R - 16} ${DRAWN_FLOOR} ${R - 40} ${DRAWN_FLOOR}H${L + 40}Q${L + 16} ${DRAWN_FLOOR} ${L + 14} ${DRAWN_FLOOR - 22}Z`
  const mouth = `M${L} ${top}A${rx} ${ry} 0 1 1 ${R} ${top}A${rx} ${ry} 0 1 1 ${L} ${top}Z`
  const lining = c.lining
  const liningLight = lighten(lining, 0.18)
  const pocket = rrect(n(mid - w * 0.27), n(top - ry * 0.78), n(w * 0.3), n(ry * 0.95), 8)
  const handle = (y: number, colour: string) => {
    if (kind === 'backpack')
      return strap(ctx, cubic([mid - 60, y], [mid - 56, y - 90], [mid + 56, y - 90], [mid + 60, y]), 22, colour)
    // a shoulder bag's one strap runs from side to side; a tote's two handles rise from the rim
    if (kind === 'shoulder')
      return y < top
        ? ''
        : strap(ctx, cubic([L + 10, top], [L + 40, top - w * 0.9], [R - 40, top - w * 0.9], [R - 10, top]), 16, colour)
    return strap(
      ctx,
      cubic([mid - w * 0.24, y], [mid - w * 0.26, y - w * 0.62], [mid + w * 0.26, y - w * 0.62], [mid + w * 0.24, y]),
      26,
      colour,
    )
  }
  return [
    handle(n(top - ry * 0.86), darken(c.trim, 0.18)),
    `<path d="${mouth}" fill="${lining}"/>`,
    clipTo(
      ctx,
      mouth,
      [
        `<path d="${pocket}" fill="${liningLight}" stroke="${darken(lining, 0.3)}" stroke-width="2"/>`,
        stitch(
          rrect(n(mid - w * 0.27 + 8), n(top - ry * 0.78 + 8), n(w * 0.3 - 16), n(ry * 0.95 - 16), 5),
          lighten(lining, 0.4),
          1.8,
        ),
        zip(ctx, `M${n(mid + w * 0.08)} ${n(top - ry * 0.55)}H${n(mid + w * 0.36)}`, darken(lining, 0.25)),
        zipPull(ctx, n(mid + w * 0.33), n(top - ry * 0.55), 0, false),
        // a leather tag stitched to the lining, as every maker does
        `<path d="${rrect(n(mid - w * 0.2), n(top - ry * 0.3), 64, 26, 5)}" fill="${c.trim}" stroke="${c.trimEdge}" stroke-width="2"/>`,
        `<ellipse cx="${mid}" cy="${n(top + ry * 0.55)}" rx="${n(rx * 1.05)}" ry="${n(ry * 0.9)}" fill="url(#deep)"/>`,
      ].join(''),
    ),
    panel(ctx, front),
    stitch(`M${L + 16} ${n(top + 14)}A${rx - 16} ${ry - 4} 0 0 0 ${R - 16} ${n(top + 14)}`, c.stitch),
    `<path d="${mouth}" fill="none" stroke="${c.bodyEdge}" stroke-width="5"/>`,
    handle(n(top + ry * 0.9), c.trim),
  ].join('')
}

/** The bag on its back, base to the camera: the base panel, its stitching and its feet. */
function bagBase(ctx: Ctx, kind: BagKind, drawn: Drawn): string {
  const { c } = ctx
  const [left, right] = drawn.floor
  const w = right - left
  const mid = (left + right) / 2
  const depth = n(w * (kind === 'backpack' ? 0.5 : 0.38))
  const y0 = n(DRAWN_FLOOR - 70 - depth)
  const base = rrect(left, y0, w, depth, kind === 'backpack' ? depth * 0.45 : 26)
  const feet = [
    [left + 40, y0 + 34],
    [right - 40, y0 + 34],
    [left + 40, y0 + depth - 34],
    [right - 40, y0 + depth - 34],
  ]
  return [
    // the front panel, seen edge-on under the base
    panel(ctx, rrect(left + 6, y0 + depth - 30, w - 12, 100, 20), { fill: darken(c.body, 0.22), sheen: false }),
    panel(ctx, base),
    stitch(rrect(left + 14, y0 + 14, w - 28, depth - 28, kind === 'backpack' ? depth * 0.4 : 16), c.stitch),
    kind === 'backpack'
      ? panel(ctx, rrect(n(mid - w * 0.32), n(y0 + depth * 0.2), n(w * 0.64), n(depth * 0.6), 30), {
          fill: c.trim,
          pattern: false,
        })
      : feet.map(([x, y]) => rivet(ctx, n(x!), n(y!), 14)).join(''),
  ].join('')
}

/** The whole 1200×1200 product shot, from one of the views, as an SVG document. */
export function renderBagSvg(spec: BagArtSpec, view: BagView = 'front'): string {
  const look: BagLook = {
    body: spec.body,
    trim: spec.trim,
    hardware: spec.hardware,
    pattern: spec.pattern,
    background: spec.background,
  }
  const c = palette(look)
  const ctx: Ctx = { c, look, defs: [], next: 0, view }
  const drawn = drawShape(ctx, spec)
  const bg = spec.background
  const [left, right] = drawn.floor
  const half = (right - left) / 2
  const mid = (left + right) / 2
  const S = BAG_ART_SIZE
  const scale = n(BASE_SCALE * (drawn.scale ?? 1) * 1000) / 1000
  const defs = [
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(bg, 0.45)}"/><stop offset="0.62" stop-color="${lighten(bg, 0.12)}"/><stop offset="0.8" stop-color="${bg}"/><stop offset="1" stop-color="${darken(bg, 0.07)}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="shadeX" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.2"/><stop offset="0.3" stop-color="#fff" stop-opacity="0"/><stop offset="0.68" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`,
    `<linearGradient id="shadeY" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.3" stop-color="#fff" stop-opacity="0"/><stop offset="0.75" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>`,
    `<radialGradient id="sheen" cx="0.32" cy="0.28" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="hw" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.hwLight}"/><stop offset="0.4" stop-color="${c.hwMid}"/><stop offset="0.7" stop-color="${c.hwDark}"/><stop offset="1" stop-color="${c.hwMid}"/></linearGradient>`,
    `<linearGradient id="hwS" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.hwLight}"/><stop offset="0.5" stop-color="${c.hwMid}"/><stop offset="1" stop-color="${c.hwDark}"/></linearGradient>`,
    `<radialGradient id="hwR" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${c.hwLight}"/><stop offset="0.55" stop-color="${c.hwMid}"/><stop offset="1" stop-color="${c.hwDark}"/></radialGradient>`,
    // floor shadows as radial gradients: as soft as a blur, at a fraction of librsvg's filter cost
    `<radialGradient id="floorFar"><stop offset="0" stop-color="#000" stop-opacity="0.2"/><stop offset="0.5" stop-color="#000" stop-opacity="0.11"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="floorNear"><stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="0.7" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    `<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="4"/></filter>`,
    // the far side of the bag in the three-quarter view: the same drawing in shade
    `<filter id="shade" x="0" y="0" width="1" height="1"><feColorMatrix values="0.55 0 0 0 0 0 0.55 0 0 0 0 0 0.55 0 0 0 0 0 1 0"/></filter>`,
    `<linearGradient id="deep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>`,
    patternDef(look, c),
  ]
  const shadows =
    `<ellipse cx="${mid + 26}" cy="${DRAWN_FLOOR + 8}" rx="${n(half * 1.3)}" ry="56" fill="url(#floorFar)"/>` +
    `<ellipse cx="${mid + 6}" cy="${DRAWN_FLOOR + 1}" rx="${n(half * 1.06)}" ry="16" fill="url(#floorNear)"/>`
  const place = (content: string) =>
    `<g transform="translate(600 ${FLOOR}) scale(${scale}) translate(-600 -${DRAWN_FLOOR})">${content}</g>`
  let scene: string
  switch (view) {
    case 'front':
      scene = place(shadows + drawn.svg)
      break
    case 'back':
      // mirrored, without the front's clasp and zip pulls (see metalPlate and zipPull)
      scene = `<g transform="matrix(-1 0 0 1 ${S} 0)">${place(shadows + drawn.svg)}</g>`
      break
    case 'side': {
      // three-quarter: the front narrowed and turned, the far side stepped back behind it in shade
      const turn = (dx: number, dy: number) =>
        `translate(${600 + dx} ${FLOOR + dy}) skewY(-7) scale(0.8 1) translate(-600 -${FLOOR})`
      const far = [8, 7, 6, 5, 4, 3, 2, 1]
        .map((k) => `<g transform="${turn(k * 7, -k * 2.5)}">${place(drawn.svg)}</g>`)
        .join('')
      scene = `${place(shadows)}<g filter="url(#shade)">${far}</g><g transform="${turn(0, 0)}">${place(drawn.svg)}</g>`
      break
    }
    case 'inside':
      scene = place(shadows + openBag(ctx, spec.kind, drawn))
      break
    case 'base':
      // a flat panel reads small beside the standing views: drawn larger
      scene = `<g transform="translate(600 ${FLOOR}) scale(1.3) translate(-600 -${FLOOR})">${place(shadows + bagBase(ctx, spec.kind, drawn))}</g>`
      break
    case 'hardware': {
      // a close-up: the front shot enlarged about its clasp, ring or zip pull
      const [dx, dy] = drawn.detail
      const x = 600 + scale * (dx - 600)
      const y = FLOOR + scale * (dy - DRAWN_FLOOR)
      scene = `<g transform="translate(600 600) scale(2.6) translate(${n(-x)} ${n(-y)})">${place(shadows + drawn.svg)}</g>`
      break
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">`,
    // the view's own clip paths join the shape's once the scene is drawn
    `<defs>${defs.join('')}${ctx.defs.join('')}</defs>`,
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>`,
    `<rect width="${S}" height="${S}" fill="url(#glow)"/>`,
    scene,
    '</svg>',
  ].join('')
}

/** The product shot as a 1200×1200 PNG. */
export async function renderBagImage(spec: BagArtSpec, size = 800, view: BagView = 'front'): Promise<Buffer> {
  // rendered straight at the largest display size (half the work of 1200 px, then downscaling);
  // light compression: the PNG is usually an intermediate that is re-encoded right away
  return sharp(Buffer.from(renderBagSvg(spec, view)), { density: (72 * size) / BAG_ART_SIZE })
    .png({ compressionLevel: 2 })
    .toBuffer()
}
