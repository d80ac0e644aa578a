import { FIRST_ORDER_DISCOUNT_TEXT } from '../constants.ts'

/** The texts of auth. */
export const authMessages = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters long',
  passwordRule: 'Password must have uppercase, number and special characters',
  /** Under the password field of sign-up and password reset. */
  passwordHint: '6 or more characters, with an uppercase letter, a number and one of ! @ # $ & *',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 80 characters',
  loggedIn: 'User logged in successfully!',
  created: 'User Created Successfully.',
  signedIn: 'User Signed in Successfully.',
  discountLine: `...get ${FIRST_ORDER_DISCOUNT_TEXT}!*`,
  discountCondition: '*on your first order, applied at checkout',
  googleNotConfigured: 'Google sign-in is not set up on this site. Please use your email and password.',
  invalidCredentials: 'Invalid email or password',
  signInRequired: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do that.',
  notYourEmail: 'You can only ask about your own account.',
  adminRoleRefused: 'Role must be customer or seller',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  /** Change-password after too many tries of the current password on one account (from any address). */
  tooManyPasswordChecks: (wait: string) =>
    `Too many tries of the current password on this account. For its safety, please wait ${wait} and try again.`,
  resetSent: 'If an account exists for that email, we have sent it a link to reset the password.',
  resetDone: 'Your password has been changed. Please log in with the new one.',
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  /** Where the ADMIN_EMAIL account's setup link lands, once the address is confirmed. */
  adminSetupTitle: 'Choose the admin password',
  adminSetupLead: 'Your address is confirmed and this account is now the admin. Choose its password, then log in.',
  adminSetupInvalid:
    'This setup link is invalid, used or expired. If you chose the password already, log in; if not, restart the server for a fresh link.',
  untrustedOrigin: 'This request did not come from this site.',
  providerFailed: 'Google sign-in did not complete. Please try again, or use your email and password.',
  otherAccountNeeded: 'The page you opened needs another account. Sign in with it to continue.',
} as const
