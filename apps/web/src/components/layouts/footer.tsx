import { COMPANY_NAME } from '@preloved/shared/constants'
import { navMessages } from '@preloved/shared/site-messages'
import { createContext, useContext } from 'react'
import { Link } from 'react-router'
import { paths, sellPath } from '@/config/paths'
import { useSession } from '@/lib/auth-client'
import { LogoMark } from './logo-mark'
import { SocialIcon, type SocialIconName } from './social-icons'

/** The shop's pages on each network, as the admin set them (Settings); a network without one shows no icon. */
export type SocialLinks = Partial<Record<SocialIconName, string | null>>

/** Given by the public layout's route, which reads the settings; none by default. */
export const SocialLinksContext = createContext<SocialLinks>({})

const networks: { label: string; icon: SocialIconName }[] = [
  { label: 'Facebook', icon: 'facebook' },
  { label: 'Instagram', icon: 'instagram' },
  { label: 'X', icon: 'x' },
  { label: 'Pinterest', icon: 'pinterest' },
]

// Worded differently from the header on purpose: each link name on a page says where it goes.
const shopLinks = [
  { to: paths.categories(), label: 'Browse all categories' },
  { to: paths.blogs(), label: 'Read our blog' },
]

const linkClass = 'link link-hover text-neutral-content/85 hover:text-neutral-content'

/** A titled column of links, a navigation landmark named by its title. */
function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider text-accent">{title}</h2>
      <ul className="flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function Footer() {
  const { user } = useSession()
  // 'Sell your bag' leads where the visitor can sell: Add Product, how to become a seller, or the login
  const companyLinks = [
    { to: sellPath(user?.role), label: 'Sell your bag' },
    { to: paths.signup(), label: 'Create an account' },
  ]
  const social = useContext(SocialLinksContext)
  const socialLinks = networks.flatMap(({ label, icon }) => {
    const href = social[icon]
    return href ? [{ href, label: `${COMPANY_NAME} on ${label}`, icon }] : []
  })
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr] lg:px-8">
        <div className="flex flex-col gap-4">
          <p className="inline-flex items-center gap-2.5 font-display text-2xl">
            <LogoMark className="size-9" />
            <span>{COMPANY_NAME}</span>
          </p>
          <p className="max-w-sm text-neutral-content/85">
            Second-hand designer and everyday bags, checked and fairly priced. Give a good bag its next chapter.
          </p>
          {socialLinks.length > 0 ? (
            <ul className="flex gap-2" aria-label="Social media">
              {socialLinks.map(({ href, label, icon }) => (
                <li key={href}>
                  <a
                    href={href}
                    aria-label={label}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="grid size-10 place-items-center rounded-full border border-neutral-content/25 text-neutral-content transition-colors hover:border-accent hover:bg-accent hover:text-accent-content"
                  >
                    <SocialIcon name={icon} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <LinkColumn title="Discover" links={shopLinks} />
        <LinkColumn title="Sellers" links={companyLinks} />
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-neutral-content/80 sm:px-6 lg:px-8">
          {navMessages.copyright}
        </p>
      </div>
    </footer>
  )
}
