import { ResetPasswordScreen } from '@/features/auth/components/password-reset-screens'

/** '/reset-password?token=': where the mailed reset link lands. */
function ResetPasswordRoute() {
  return <ResetPasswordScreen />
}

export { ResetPasswordRoute as Component }
