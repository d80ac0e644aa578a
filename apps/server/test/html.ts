import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

// Reading a server-rendered page as a search engine or a chat preview does: its status, meta tags, title, text and
// JSON-LD, with the HTML entities React writes decoded.

export const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The content of the `<meta>` whose name or property is `key` (attribute entities decoded). */
export function metaContent(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)
  return tag?.[1] === undefined ? undefined : decodeEntities(tag[1])
}

export const titleOf = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')

export const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!))

/** The page's visible text: tags and scripts left out. */
export const textOf = (html: string) =>
  decodeEntities(html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' '))

/** The answer is an HTML page with this status; its HTML. */
export function expectHtml(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status)
  expect(res.headers['content-type']).toMatch(/^text\/html/)
  return res.body
}
