import { LoginScreen } from '@/features/auth/components/login-screen'

/** '/login' (docs/product/accounts.md#sign-in). */
export default function LoginRoute() {
  return <LoginScreen />
}
