/** The sitemap protocol's limit of URLs in one file (https://www.sitemaps.org/protocol.html). */
export const SITEMAP_MAX_URLS = 50_000

/** One page of the site: its path (starting with `/`) and, where known, when it last changed. */
export interface SitemapUrl {
  path: string
  lastmod?: Date
}

/**
 * A kind of public page (the fixed pages, product pages, later seller profiles): how many there are, and a slice of
 * them in a stable order. The sitemap is these sources one after another, cut into files of `pageSize` URLs.
 */
export interface UrlSource {
  count(): Promise<number>
  list(offset: number, limit: number): Promise<SitemapUrl[]>
}

export const fixedUrls = (paths: readonly string[]): UrlSource => ({
  count: async () => paths.length,
  list: async (offset, limit) => paths.slice(offset, offset + limit).map((path) => ({ path })),
})

/** The URLs at positions [start, end) of the sources taken one after another. */
export async function urlsBetween(
  sources: readonly { source: UrlSource; count: number }[],
  start: number,
  end: number,
) {
  const urls: SitemapUrl[] = []
  let first = 0
  for (const { source, count } of sources) {
    const from = Math.max(start, first)
    const to = Math.min(end, first + count)
    if (from < to) urls.push(...(await source.list(from - first, to - from)))
    first += count
    if (first >= end) break
  }
  return urls
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)

/** W3C datetime to the second, in UTC (toISOString without the milliseconds). */
const w3cDate = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** A `<urlset>` of absolute URLs under `base` (an origin, perhaps with a path, without a trailing slash). */
export function urlsetXml(base: string, urls: readonly SitemapUrl[]): string {
  const escapedBase = escapeXml(base)
  const entries = urls.map(({ path, lastmod }) => {
    const loc = `<loc>${escapedBase}${escapeXml(path)}</loc>`
    return lastmod ? `<url>${loc}<lastmod>${w3cDate(lastmod)}</lastmod></url>` : `<url>${loc}</url>`
  })
  return `${HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`
}

/** A `<sitemapindex>` of `/sitemap.xml?page=1..pages`. */
export function sitemapIndexXml(base: string, pages: number): string {
  const entries = Array.from(
    { length: pages },
    (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
  )
  return `${HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`
}
