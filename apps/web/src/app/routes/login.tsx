import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/login': placeholder until its feature lands. */
function LoginRoute() {
  return (
    <PagePlaceholder title="Login">
      Sign in to book bags, keep a wishlist and sell your own. The sign-in form arrives with the authentication work.
    </PagePlaceholder>
  )
}

export { LoginRoute as Component }
