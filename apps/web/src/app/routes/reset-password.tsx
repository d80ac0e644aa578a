import { ResetPasswordScreen } from '@/features/auth/components/password-reset-screens'

/** '/reset-password?token=': where the mailed reset link lands. */
export default function ResetPasswordRoute() {
  return <ResetPasswordScreen />
}
