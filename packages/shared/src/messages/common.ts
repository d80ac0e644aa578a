/** The texts of common. */
export const commonMessages = {
  notFoundPage: "Page doesn't exist or an error occurred",
  routeError: 'Something went wrong',
  signOut: 'Sign out',
  routeNotFound: 'Route not found',
  /** A request refused by a schema without a message of its own. */
  invalidRequest: 'Invalid request',
  invalidCursor: 'cursor is not a valid paging cursor',
} as const
