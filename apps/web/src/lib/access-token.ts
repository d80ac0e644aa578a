/** The API token lives in localStorage under `accessToken` (docs/product/accounts.md#sign-in). */
export const ACCESS_TOKEN_KEY = 'accessToken'

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY)
  } catch {
    return null
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token)
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY)
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): nothing is stored then.
  }
}
