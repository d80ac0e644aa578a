import { messages } from '@preloved/shared/messages'
import { ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** The 'page not found' screen of docs/product/storefront.md#feedback, for any unknown path. */
export function NotFound() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <title>Page not found | Preloved Bags Co.</title>
      <p className="font-display text-7xl font-semibold text-primary/90" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold sm:text-4xl">{messages.common.notFoundPage}</h1>
      <p className="text-base-content/75">The link may be old, or the bag may have found a new home already.</p>
      <ButtonLink to={paths.home()} variant="primary">
        Go to the home page
      </ButtonLink>
    </section>
  )
}
