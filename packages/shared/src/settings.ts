import { z } from 'zod'
import './zod-config.ts'
import { messages } from './messages.ts'

/** The networks the footer links to, each with the hosts its pages live on. */
export const SOCIAL_NETWORKS = {
  facebook: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  instagram: { label: 'Instagram', hosts: ['instagram.com'] },
  x: { label: 'X', hosts: ['x.com', 'twitter.com'] },
  pinterest: { label: 'Pinterest', hosts: ['pinterest.com'] },
} as const
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS
export const SOCIAL_NETWORK_NAMES = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]

export const BLOG_TAGLINE_MAX = 160

/**
 * Redirectors and link shorteners: a link through one leads wherever its query (or the shortener) says, not to the
 * shop's page, and the footer would send shoppers there. A host (with its subdomains), or a host and a path under it.
 */
export const LINK_REDIRECTORS: readonly { host: string; path?: string }[] = [
  { host: 'l.facebook.com' },
  { host: 'lm.facebook.com' },
  { host: 'facebook.com', path: '/l.php' },
  { host: 'facebook.com', path: '/flx/warn' },
  { host: 'fb.com', path: '/l.php' },
  { host: 'l.messenger.com' },
  { host: 'l.instagram.com' },
  { host: 'instagram.com', path: '/linkshim' },
  { host: 'l.threads.net' },
  { host: 'x.com', path: '/i/redirect' },
  { host: 'twitter.com', path: '/i/redirect' },
  { host: 'pinterest.com', path: '/offsite' },
  { host: 'google.com', path: '/url' },
  { host: 'out.reddit.com' },
  { host: 'youtube.com', path: '/redirect' },
  { host: 'linkedin.com', path: '/redir' },
  { host: 'vk.com', path: '/away.php' },
  { host: 'away.vk.com' },
  { host: 'href.li' },
  { host: 't.co' },
  { host: 'bit.ly' },
  { host: 'bitly.com' },
  { host: 'tinyurl.com' },
  { host: 'goo.gl' },
  { host: 'g.co' },
  { host: 'ow.ly' },
  { host: 'buff.ly' },
  { host: 'is.gd' },
  { host: 'v.gd' },
  { host: 'rebrand.ly' },
  { host: 'cutt.ly' },
  { host: 'shorturl.at' },
  { host: 't.ly' },
  { host: 'tiny.cc' },
  { host: 'lnkd.in' },
  { host: 'fb.me' },
  { host: 'pin.it' },
  { host: 'youtu.be' },
  { host: 'linktr.ee' },
]

type ParsedUrl = {
  protocol: string
  username: string
  password: string
  port: string
  hostname: string
  pathname: string
  searchParams: { forEach(each: (value: string) => void): void }
}
// the WHATWG URL of browsers and Node (this package's types know no platform)
const WhatwgUrl = (globalThis as unknown as { URL: new (value: string) => ParsedUrl }).URL

const parse = (value: string): ParsedUrl | undefined => {
  try {
    return new WhatwgUrl(value)
  } catch {
    return undefined
  }
}
const onHost = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`)
/** A query value that is itself an address: what a redirector we do not know yet carries. */
const ADDRESS = /^\s*(?:(?:https?|ftp|javascript|data):|(?:[a-z][a-z0-9+.-]*:)?[/\\]{2}|www\.)/i

/**
 * The redirector or link shortener a link goes through (its host), or undefined: one of LINK_REDIRECTORS, or any
 * address whose query holds another address (`?u=https://…`).
 */
export function redirectorOf(value: string): string | undefined {
  const url = parse(value.trim())
  if (!url) return undefined
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  let path = url.pathname.toLowerCase()
  try {
    path = decodeURIComponent(path) // `/l%2Ephp` is /l.php to the server that answers it
  } catch {
    // a stray `%`: compared as written
  }
  for (const r of LINK_REDIRECTORS) {
    if (!onHost(host, r.host)) continue
    if (!r.path) return r.host
    // `/offsite` and `/offsite/…` or `/offsite;x`, never a page named `/offsitebags`
    if (path.startsWith(r.path) && !/^[a-z0-9_.-]/.test(path.slice(r.path.length))) return `${r.host}${r.path}`
  }
  let carries = false
  url.searchParams.forEach((v) => {
    if (ADDRESS.test(v)) carries = true
  })
  return carries ? host : undefined
}

/**
 * Whether `value` is a page of `network`: https, on its domain (or a subdomain), no credentials or port, a path (the
 * shop's own page, never the network's home page), and not through a redirector or link shortener.
 */
export function isSocialPage(network: SocialNetwork, value: string): boolean {
  const url = parse(value)
  if (!url) return false
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false
  const host = url.hostname.toLowerCase()
  if (!SOCIAL_NETWORKS[network].hosts.some((h) => onHost(host, h))) return false
  return url.pathname.replace(/\/+$/, '').length > 1 && redirectorOf(value) === undefined
}

const socialUrl = (network: SocialNetwork) => {
  const { label, hosts } = SOCIAL_NETWORKS[network]
  return z
    .string({ error: messages.settings.linkNotText(network) })
    .trim()
    .max(300, messages.settings.linkTooLong(label))
    .superRefine((value, ctx) => {
      if (value === '') return
      const redirector = redirectorOf(value)
      if (redirector) ctx.addIssue({ code: 'custom', message: messages.settings.linkRedirects(label, redirector) })
      else if (!isSocialPage(network, value))
        ctx.addIssue({ code: 'custom', message: messages.settings.linkNotPage(label, hosts[0]) })
    })
    .nullable()
    .transform((value) => (value ? value : null))
}

/** The settings anyone may read: the blog's tagline (the hero) and the footer's social links (null: hidden). */
export const settingsSchema = z.object({
  blogTagline: z
    .string({ error: messages.settings.taglineRequired })
    .trim()
    .min(1, messages.settings.taglineRequired)
    .max(BLOG_TAGLINE_MAX, messages.settings.taglineTooLong(BLOG_TAGLINE_MAX)),
  facebook: socialUrl('facebook'),
  instagram: socialUrl('instagram'),
  x: socialUrl('x'),
  pinterest: socialUrl('pinterest'),
})
export type Settings = z.infer<typeof settingsSchema>
/** What the form edits: the links as typed ('' for none). */
export type SettingsInput = z.input<typeof settingsSchema>

/** Before an admin sets anything: the original tagline, no social links. */
export const DEFAULT_SETTINGS: Settings = {
  blogTagline: messages.blogs.tagline,
  facebook: null,
  instagram: null,
  x: null,
  pinterest: null,
}

/** GET /api/settings's answer (the links as stored). */
export const settingsResponseSchema = z.object({
  blogTagline: z.string(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  x: z.string().nullable(),
  pinterest: z.string().nullable(),
})
