// A small markdown reader for the blog: a safe subset by construction. It never passes HTML through (a `<script>`
// in a post is shown as text), and it keeps a link or an image only when its address passes the allowlists below.
// It builds a tree that render-markdown.ts turns into React elements: no HTML string is ever made or injected.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'image'; src: string; alt: string }
  | { type: 'break' }

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; text: string }
  | { type: 'rule' }

// Any whitespace, control character or backslash in an address: refused (browsers strip or reinterpret them, which
// is how `java\tscript:` and `/\evil.example` slip past naive checks).
const hasUnsafeChars = (value: string) =>
  /[\s\\]/.test(value) ||
  [...value].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f))

function absoluteUrl(value: string, protocols: readonly string[]): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return protocols.includes(url.protocol) && (url.protocol === 'mailto:' || url.hostname !== '')
}

/**
 * A link's address if it is allowed, else undefined: http(s) and mailto, a path on this site (`/blogs/x`, never
 * `//host`), or a fragment (`#section`). Everything else (javascript:, data:, vbscript:, entity-encoded or mixed-case
 * spellings, protocol-relative URLs) is refused: only these exact prefixes are let through.
 */
export function safeHref(raw: string): string | undefined {
  const value = raw.trim()
  if (value === '' || hasUnsafeChars(value)) return undefined
  if (/^https?:\/\//i.test(value)) return absoluteUrl(value, ['http:', 'https:']) ? value : undefined
  if (/^mailto:[^/]/i.test(value)) return absoluteUrl(value, ['mailto:']) ? value : undefined
  if (value.startsWith('/') && !value.startsWith('//')) return value
  if (value.startsWith('#')) return value
  return undefined
}

/** An image's address if it is allowed: one of our uploads (`/uploads/<file>`) or an https URL. */
export function safeImageSrc(raw: string): string | undefined {
  const value = raw.trim()
  if (value === '' || hasUnsafeChars(value)) return undefined
  if (/^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value) && !value.includes('..')) return value
  if (/^https:\/\//i.test(value)) return absoluteUrl(value, ['https:']) ? value : undefined
  return undefined
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!>~|<]/

/** `[label](address)` starting at `start` (the `[`): the label, the address and where it ends; or undefined. */
function readLink(text: string, start: number): { label: string; url: string; end: number } | undefined {
  let depth = 0
  let close = -1
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') {
      i++
      continue
    }
    if (c === '[') depth++
    if (c === ']' && --depth === 0) {
      close = i
      break
    }
  }
  if (close < 0 || text[close + 1] !== '(') return undefined
  const end = text.indexOf(')', close + 2)
  if (end < 0) return undefined
  let url = text.slice(close + 2, end).trim()
  // an optional title after the address is dropped: `(/x "Title")`
  url = url.replace(/\s+"[^"]*"$/, '')
  if (url.startsWith('<') && url.endsWith('>')) url = url.slice(1, -1)
  return { label: text.slice(start + 1, close), url, end: end + 1 }
}

/** The inline parts of one paragraph or heading. Links cannot nest; `depth` stops runaway nesting of emphasis. */
export function parseInline(text: string, inLink = false, depth = 0): Inline[] {
  const out: Inline[] = []
  let buffer = ''
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer })
    buffer = ''
  }
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '\\' && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) {
      buffer += text[i + 1]
      i += 2
      continue
    }
    if (c === '\n') {
      // two spaces before a line end: a line break; otherwise the lines run on
      if (buffer.endsWith('  ')) {
        buffer = buffer.trimEnd()
        flush()
        out.push({ type: 'break' })
      } else {
        buffer = `${buffer.trimEnd()} `
      }
      i++
      continue
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1)
      if (end > i + 1) {
        flush()
        out.push({ type: 'code', text: text.slice(i + 1, end) })
        i = end + 1
        continue
      }
    }
    if (c === '!' && text[i + 1] === '[') {
      const link = readLink(text, i + 1)
      if (link) {
        flush()
        const src = safeImageSrc(link.url)
        // a refused image leaves its description as text
        out.push(src ? { type: 'image', src, alt: link.label } : { type: 'text', text: link.label })
        i = link.end
        continue
      }
    }
    if (c === '[' && !inLink) {
      const link = readLink(text, i)
      if (link) {
        flush()
        const href = safeHref(link.url)
        const children = parseInline(link.label, true, depth + 1)
        // a refused address leaves the words, not a link
        if (href) out.push({ type: 'link', href, children })
        else out.push(...children)
        i = link.end
        continue
      }
    }
    if ((c === '*' || c === '_') && depth < 8) {
      const double = text[i + 1] === c
      const marker = double ? c + c : c
      const from = i + marker.length
      const end = text.indexOf(marker, from)
      // `_` inside a word (snake_case) is no emphasis; the marker must hug the text it wraps
      const opens = text[from] !== undefined && !/\s/.test(text[from]!) && !(c === '_' && /\w/.test(text[i - 1] ?? ''))
      if (opens && end > from && !/\s/.test(text[end - 1]!)) {
        flush()
        out.push({
          type: double ? 'strong' : 'em',
          children: parseInline(text.slice(from, end), inLink, depth + 1),
        })
        i = end + marker.length
        continue
      }
    }
    buffer += c
    i++
  }
  flush()
  return out
}

const FENCE = /^\s{0,3}```/
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/
const QUOTE = /^\s{0,3}>\s?/
const BULLET = /^\s{0,3}[-*+]\s+/
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+/

const startsBlock = (line: string) =>
  FENCE.test(line) ||
  HEADING.test(line) ||
  RULE.test(line) ||
  QUOTE.test(line) ||
  BULLET.test(line) ||
  NUMBERED.test(line)

/** A post's markdown as blocks. `#` and `##` are both second-level headings: the page's one `<h1>` is the title. */
export function parseMarkdown(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n')
  const blocks: Block[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (line.trim() === '') {
      i++
      continue
    }
    if (FENCE.test(line)) {
      const body: string[] = []
      i++
      while (i < lines.length && !FENCE.test(lines[i]!)) body.push(lines[i++]!)
      i++
      blocks.push({ type: 'code', text: body.join('\n') })
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      const hashes = heading[1]!.length
      const level = hashes <= 2 ? 2 : hashes === 3 ? 3 : 4
      blocks.push({ type: 'heading', level, children: parseInline(heading[2]!) })
      i++
      continue
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' })
      i++
      continue
    }
    if (QUOTE.test(line)) {
      const body: string[] = []
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(lines[i++]!.replace(QUOTE, ''))
      // quotes in quotes go three deep at most; deeper, the rest reads as plain text
      blocks.push(
        depth < 3
          ? { type: 'quote', children: parseMarkdown(body.join('\n'), depth + 1) }
          : { type: 'paragraph', children: parseInline(body.join('\n')) },
      )
      continue
    }
    const bullet = BULLET.test(line)
    const numbered = NUMBERED.exec(line)
    if (bullet || numbered) {
      const marker = bullet ? BULLET : NUMBERED
      const items: string[] = []
      while (i < lines.length) {
        const current = lines[i]!
        if (marker.test(current)) items.push(current.replace(marker, ''))
        else if (current.trim() !== '' && /^\s+/.test(current) && items.length > 0) {
          items[items.length - 1] += `\n${current.trim()}`
        } else break
        i++
      }
      blocks.push({
        type: 'list',
        ordered: !bullet,
        start: numbered ? Number(numbered[1]) : 1,
        items: items.map((item) => parseInline(item)),
      })
      continue
    }
    const body: string[] = []
    while (i < lines.length && lines[i]!.trim() !== '' && (body.length === 0 || !startsBlock(lines[i]!))) {
      body.push(lines[i++]!)
    }
    blocks.push({ type: 'paragraph', children: parseInline(body.join('\n').trim()) })
  }
  return blocks
}

function inlineText(nodes: readonly Inline[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'code') return node.text
      if (node.type === 'break') return ' '
      if (node.type === 'image') return ''
      return inlineText(node.children)
    })
    .join('')
}

/** The post's opening words as plain text (cards, meta description): its first paragraphs, up to `max` characters. */
export function markdownExcerpt(source: string, max = 220): string {
  let text = ''
  for (const block of parseMarkdown(source)) {
    if (block.type !== 'paragraph') continue
    text = `${text} ${inlineText(block.children)}`.trim()
    if (text.length >= max) break
  }
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`
}
