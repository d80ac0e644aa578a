import { ForgotPasswordScreen } from '@/features/auth/components/password-reset-screens'

/** '/forgot-password': 'Forgot password?' leads here (docs/product/accounts.md#password-reset: a real reset by mail). */
export default function ForgotPasswordRoute() {
  return <ForgotPasswordScreen />
}
