import { SignupScreen } from '@/features/auth/components/signup-screen'

/** '/signup' (SPEC §2 Signup). */
export default function SignupRoute() {
  return <SignupScreen />
}
