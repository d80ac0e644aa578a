import { SignupScreen } from '@/features/auth/components/signup-screen'

/** '/signup' (SPEC §2 Signup). */
function SignupRoute() {
  return <SignupScreen />
}

export { SignupRoute as Component }
