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
 * Whether `value` is a page of `network`: https, on its domain (or a subdomain), no credentials or port, and a path
 * (the shop's own page, never the network's home page).
 */
type ParsedUrl = {
  protocol: string
  username: string
  password: string
  port: string
  hostname: string
  pathname: string
}
// the WHATWG URL of browsers and Node (this package's types know no platform)
const WhatwgUrl = (globalThis as unknown as { URL: new (value: string) => ParsedUrl }).URL

export function isSocialPage(network: SocialNetwork, value: string): boolean {
  let url: ParsedUrl
  try {
    url = new WhatwgUrl(value)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false
  const host = url.hostname.toLowerCase()
  if (!SOCIAL_NETWORKS[network].hosts.some((h) => host === h || host.endsWith(`.${h}`))) return false
  return url.pathname.replace(/\/+$/, '').length > 1
}

const socialUrl = (network: SocialNetwork) => {
  const { label, hosts } = SOCIAL_NETWORKS[network]
  return z
    .string({ error: messages.settings.linkNotText(network) })
    .trim()
    .max(300, messages.settings.linkTooLong(label))
    .refine((value) => value === '' || isSocialPage(network, value), messages.settings.linkNotPage(label, hosts[0]))
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

/** Before an admin sets anything: SPEC's tagline, no social links. */
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
