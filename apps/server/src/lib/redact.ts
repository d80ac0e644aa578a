/**
 * A URL or text with the one-time secrets it may carry masked, for the log: the token of a password-reset link
 * (`/reset-password/<token>`) and `token=` / `code=` / `state=` query parameters (reset, address confirmation and
 * sign-in callbacks), also when percent-encoded inside another parameter (`callbackURL=%2Fx%3Ftoken%3D…`).
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/(\/reset-password\/)[^?#\s/]+/g, '$1[redacted]')
    .replace(/([?&](?:token|code|state)=)[^&#\s]+/gi, '$1[redacted]')
    .replace(/((?:%3F|%26)(?:token|code|state)%3D)[^&#\s%]+/gi, '$1[redacted]')
}
