import { LoginScreen } from '@/features/auth/components/login-screen'

/** '/login' (SPEC §2 Login). */
function LoginRoute() {
  return <LoginScreen />
}

export { LoginRoute as Component }
