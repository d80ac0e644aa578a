import { BadgeCheck, Camera, Megaphone, PackageCheck, UserPlus, Wallet } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useSession } from '@/lib/auth-client'

const steps = [
  {
    Icon: UserPlus,
    title: 'Create a seller account',
    text: 'Sign up and choose Seller as your role. A seller account is separate from a shopping account, so use an email address that has no account with us yet.',
  },
  {
    Icon: Camera,
    title: 'List your first bag',
    text: 'Add Product asks for a photo, the original and resell prices, the year of purchase, its condition and where it is. It shows in its category at once.',
  },
  {
    Icon: BadgeCheck,
    title: 'Get verified',
    text: 'Our team reviews active sellers and verifies them. Verified sellers carry a badge on every listing, which shoppers look for.',
  },
]

const abilities = [
  { Icon: PackageCheck, text: 'List bags and manage them in My Products' },
  { Icon: Megaphone, text: 'Advertise a listing on the home page' },
  { Icon: Wallet, text: 'Get paid by card through the shop when a shopper buys' },
]

/**
 * '/become-a-seller': where 'Sell your bag' and 'Let's Go' take a signed-in customer. Selling needs a
 * seller account of its own: how to get one, what verification means, and what a seller can do.
 */
export function BecomeSeller() {
  const { user } = useSession()
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12 sm:px-6 lg:px-8 lg:py-20">
      <title>Become a seller | Preloved Bags Co.</title>
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold tracking-[0.14em] text-primary">For sellers</p>
        <h1 className="text-4xl font-semibold sm:text-5xl">Become a seller</h1>
        <p className="max-w-2xl text-lg text-base-content/80">
          Selling on Preloved Bags Co. takes a seller account. Seller accounts are separate from shopping accounts: you
          create one with its own email address, list your bags, and our team verifies you.
        </p>
      </header>

      {user ? (
        <p role="note" className="rounded-box border border-info/30 bg-info/8 px-4 py-3 text-sm text-base-content/85">
          You are signed in as <strong className="font-semibold break-all">{user.name || user.email}</strong> with a{' '}
          {user.role} account, which cannot list bags. Log out, then create a seller account with another email address.
        </p>
      ) : null}

      <section aria-labelledby="steps-heading" className="flex flex-col gap-5">
        <h2 id="steps-heading" className="text-2xl font-semibold sm:text-3xl">
          How it works
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map(({ Icon, title, text }, index) => (
            <li key={title} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-5">
              <span className="inline-flex items-center gap-2 text-sm font-semibold text-primary">
                <Icon aria-hidden="true" className="size-5" />
                Step {index + 1}
              </span>
              <h3 className="font-sans text-lg font-semibold">{title}</h3>
              <p className="text-base-content/80">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="abilities-heading" className="flex flex-col gap-4">
        <h2 id="abilities-heading" className="text-2xl font-semibold sm:text-3xl">
          What sellers can do
        </h2>
        <ul className="flex flex-col gap-3">
          {abilities.map(({ Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </section>

      <div className="flex flex-wrap gap-3">
        <ButtonLink to={paths.signup('seller')} size="lg" className="px-8">
          Create a seller account
        </ButtonLink>
        <ButtonLink to={paths.categories()} variant="subtle" size="lg" className="px-6">
          Keep shopping
        </ButtonLink>
      </div>
    </div>
  )
}
