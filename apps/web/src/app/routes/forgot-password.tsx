import { ForgotPasswordScreen } from '@/features/auth/components/password-reset-screens'

/** '/forgot-password': 'Forgot password?' leads here (DESIGN §9: a real reset by mail). */
export default function ForgotPasswordRoute() {
  return <ForgotPasswordScreen />
}
