import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { markdownExcerpt, safeHref, safeImageSrc } from './parse-markdown'
import { Markdown } from './render-markdown'

const html = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }))

/** Every tag the output may hold: anything else (script, iframe, svg, object, style…) fails the test. */
const ALLOWED_TAGS = new Set([
  'h2',
  'h3',
  'h4',
  'p',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'hr',
  'br',
  'strong',
  'em',
  'a',
  'img',
])
/** Every attribute the output may hold: no on* handler, no style, no srcset. */
const ALLOWED_ATTRS = new Set(['class', 'href', 'rel', 'src', 'alt', 'loading', 'decoding', 'referrerpolicy', 'start'])

/** Checks the whole output: only known tags and attributes, and every href/src one the allowlists accept. */
function expectSafe(out: string) {
  for (const [, tag, attrs] of out.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(tag!.toLowerCase()), `tag <${tag}> in ${out}`).toBe(true)
    for (const [, name, value] of attrs!.matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED_ATTRS.has(name!.toLowerCase()), `attribute ${name} in ${out}`).toBe(true)
      const decoded = (value ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"')
      if (name === 'href') expect(decoded).toMatch(/^(https?:\/\/[^\s]|mailto:|\/(?!\/)|#)/)
      if (name === 'src') expect(decoded).toMatch(/^(https:\/\/|\/uploads\/)/)
    }
  }
  // in the markup itself, not in the words shown: no dangerous scheme anywhere
  const markup = out.replace(/>[^<]*</g, '><')
  expect(markup).not.toMatch(/javascript:|vbscript:|data:/i)
}

describe('the blog markdown: the XSS table', () => {
  it.each([
    ['a script tag', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['a script in a paragraph', 'Hello <script src="https://evil.example/x.js"></script> world', '&lt;script'],
    ['an img with onerror', '<img src=x onerror="alert(1)">', '&lt;img src=x onerror='],
    ['an on* handler in a tag', '<a href="/x" onclick="alert(1)">x</a>', '&lt;a href='],
    ['an SVG with onload', '<svg onload=alert(1)><circle r="1"/></svg>', '&lt;svg onload=alert(1)&gt;'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', '&lt;iframe'],
    ['a javascript: link', '[click](javascript:alert(1))', 'click'],
    ['a mixed-case javascript: link', '[click](JaVaScRiPt:alert(1))', 'click'],
    ['a javascript: link with a leading space', '[click]( javascript:alert(1))', 'click'],
    ['a javascript: link split by a tab', '[click](java\tscript:alert(1))', 'click'],
    ['an entity-encoded javascript: link', '[click](javascript&#58;alert(1))', 'click'],
    ['a hex-entity javascript: link', '[click](&#x6A;avascript:alert(1))', 'click'],
    ['a percent-encoded javascript: link', '[click](javascript%3Aalert(1))', 'click'],
    ['a javascript: link in angle brackets', '[click](<javascript:alert(1)>)', 'click'],
    ['a data: link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', 'click'],
    ['a vbscript: link', '[click](vbscript:msgbox(1))', 'click'],
    ['a VBScript: link', '[click](VBScript:msgbox(1))', 'click'],
    ['a protocol-relative link', '[click](//evil.example/x)', 'click'],
    ['a backslash link', '[click](/\\evil.example)', 'click'],
    ['an image from data:', '![x](data:image/svg+xml;base64,PHN2Zz4=)', 'x'],
    ['an SVG image over http', '![pic](http://evil.example/x.svg)', 'pic'],
    ['an image from javascript:', '![pic](javascript:alert(1))', 'pic'],
    ['an image with a quote breaking out', '![pic](https://a.example/x.png" onerror="alert(1))', 'pic'],
    ['a link whose label holds a javascript: link', '[[inner](javascript:alert(1))](/ok)', 'inner'],
    ['a style tag', '<style>body{display:none}</style>', '&lt;style&gt;'],
    ['an object tag', '<object data="x.swf"></object>', '&lt;object'],
  ])('%s is shown as text, never run', (_name, source, visible) => {
    const out = html(source)
    expectSafe(out)
    expect(out).toContain(visible)
  })

  it('keeps the allowed links and images', () => {
    const out = html(
      [
        '[a](https://example.com/page?q=1) [b](http://example.com) [c](mailto:shop@example.com) [d](/blogs/leather-care) [e](#top)',
        '',
        '![cover](/uploads/0123abcd-800.webp) ![remote](https://images.example/bag.webp)',
      ].join('\n'),
    )
    expectSafe(out)
    expect(out).toContain(
      '<a href="https://example.com/page?q=1" class="link link-primary" rel="nofollow ugc noopener noreferrer">a</a>',
    )
    expect(out).toContain('href="http://example.com"')
    expect(out).toContain('href="mailto:shop@example.com"')
    expect(out).toContain('<a href="/blogs/leather-care" class="link link-primary">d</a>')
    expect(out).toContain('href="#top"')
    expect(out).toContain('src="/uploads/0123abcd-800.webp" alt="cover"')
    expect(out).toContain('src="https://images.example/bag.webp" alt="remote"')
  })

  it('escapes quotes and angle brackets in alt text and labels', () => {
    const out = html('![a" onerror="alert(1)](/uploads/x-800.webp) [<b>](/x)')
    expectSafe(out)
    expect(out).toContain('alt="a&quot; onerror=&quot;alert(1)"')
    expect(out).toContain('&lt;b&gt;')
  })
})

describe('the blog markdown: what it renders', () => {
  it('headings (# and ## are second level), emphasis, code, lists, quotes and rules', () => {
    const out = html(
      '# Title\n\n### Sub\n\nSome **bold**, *em* and `code`.\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n---\n\n```\n<b>raw</b>\n```',
    )
    expect(out).toContain('>Title</h2>')
    expect(out).toContain('>Sub</h3>')
    expect(out).toContain('<strong class="font-semibold">bold</strong>')
    expect(out).toContain('<em>em</em>')
    expect(out).toMatch(/<code[^>]*>code<\/code>/)
    expect(out).toMatch(/<ul[^>]*><li[^>]*>one<\/li><li[^>]*>two<\/li><\/ul>/)
    expect(out).toMatch(/<ol[^>]*start="3"/)
    expect(out).toMatch(/<blockquote[^>]*><p[^>]*>quoted<\/p><\/blockquote>/)
    expect(out).toContain('<hr')
    expect(out).toContain('&lt;b&gt;raw&lt;/b&gt;')
  })

  it('leaves snake_case and lone stars alone', () => {
    expect(html('a_b_c and 2 * 3 * 4')).toBe('<p class="my-4">a_b_c and 2 * 3 * 4</p>')
  })

  it('makes a plain excerpt of the first paragraphs', () => {
    expect(markdownExcerpt('## Head\n\nFirst **bold** [link](/x).\n\nSecond.')).toBe('First bold link. Second.')
    expect(markdownExcerpt(`${'word '.repeat(100)}`, 30)).toBe('word word word word word…')
  })

  it('allowlists addresses', () => {
    expect(safeHref('https://x.example')).toBe('https://x.example')
    expect(safeHref('HTTPS://x.example')).toBe('HTTPS://x.example')
    expect(safeHref('https://')).toBeUndefined()
    expect(safeHref('javascript:alert(1)')).toBeUndefined()
    expect(safeHref('mailto:')).toBeUndefined()
    expect(safeImageSrc('/uploads/../secret')).toBeUndefined()
    expect(safeImageSrc('http://x.example/a.png')).toBeUndefined()
  })
})
