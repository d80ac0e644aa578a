import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/signup': placeholder until its feature lands. */
function SignupRoute() {
  return (
    <PagePlaceholder title="Sign Up">
      Create an account as a customer or a seller. The sign-up form arrives with the authentication work.
    </PagePlaceholder>
  )
}

export { SignupRoute as Component }
