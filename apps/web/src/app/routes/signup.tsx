import { SignupScreen } from '@/features/auth/components/signup-screen'

/** '/signup' (docs/product/accounts.md#sign-up). */
export default function SignupRoute() {
  return <SignupScreen />
}
