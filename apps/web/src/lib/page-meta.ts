import { COMPANY_NAME } from '@preloved/shared/constants'
import { hashKey, type QueryKey } from '@tanstack/react-query'
import type { MetaDescriptor } from 'react-router'
import { queryClient } from './query-client'
import type { ServerQueries } from './server-api.server'

/** The root route's loader data: the session's query and the shop's public origin. */
export type RootData = ServerQueries & { origin: string }

type Match = { id: string; loaderData?: unknown } | undefined

/** The shop's public origin, from the root loader (canonical and Open Graph URLs are absolute). */
export const originOf = (matches: readonly Match[]): string =>
  (matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined)?.origin ?? ''

/**
 * A query's data for a route's `meta`: from the server-side loader's dehydrated cache on a first load, from the
 * browser's cache (which the client loader filled) on later moves.
 */
export function loaderQueryData<T>(loaderData: unknown, queryKey: QueryKey): T | undefined {
  const hash = hashKey(queryKey)
  const dehydrated = (loaderData as Partial<ServerQueries> | undefined)?.dehydrated
  const found = dehydrated?.queries.find((query) => query.queryHash === hash)
  if (found) return found.state.data as T
  return typeof document === 'undefined' ? undefined : queryClient.getQueryData<T>(queryKey)
}

/** Every page's description unless its route says more (signed-in pages, forms). */
export const SHOP_DESCRIPTION =
  'Preloved Bags Co. is a marketplace for second-hand designer and everyday bags: shoulder bags, totes and backpacks, checked and fairly priced. Buy from us or sell to us.'

type PageMeta = {
  title: string
  description: string
  /** Public pages: canonical URL, Open Graph and Twitter tags. Signed-in pages have a title and description only. */
  share?: {
    origin: string
    path: string
    /** A photo path on this site or an absolute URL; the shop's logo otherwise. */
    image?: string
    imageAlt?: string
    type?: 'website' | 'product' | 'article'
  }
}

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`)

/** `<title>`, meta description and, for public pages, canonical URL, Open Graph and Twitter card. */
export function pageMeta({ title, description, share }: PageMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title }, { name: 'description', content: description }]
  if (!share) return tags
  const url = absolute(share.origin, share.path)
  const image = absolute(share.origin, share.image ?? '/favicon.svg')
  return [
    ...tags,
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: COMPANY_NAME },
    { property: 'og:type', content: share.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    ...(share.imageAlt ? [{ property: 'og:image:alt', content: share.imageAlt }] : []),
    { name: 'twitter:card', content: share.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ]
}

/** A description from free text: one line, at most `max` characters, cut at a word. */
export function summary(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`
}
