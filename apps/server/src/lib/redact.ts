/**
 * A URL or text with the one-time secrets it may carry masked, for the log: the token of a password-reset link
 * (`/reset-password/<token>`) and `token=` / `code=` query parameters (reset and sign-in callbacks).
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/(\/reset-password\/)[^?#\s/]+/g, '$1[redacted]')
    .replace(/([?&](?:token|code|state)=)[^&#\s]+/gi, '$1[redacted]')
}
