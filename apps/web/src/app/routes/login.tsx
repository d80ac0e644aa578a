import { LoginScreen } from '@/features/auth/components/login-screen'

/** '/login' (SPEC §2 Login). */
export default function LoginRoute() {
  return <LoginScreen />
}
