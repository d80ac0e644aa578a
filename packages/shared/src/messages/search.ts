/** The texts of GET /api/search (MARKETPLACE.md §3) that the shared query schema cannot say itself. */
export const searchMessages = {
  unknownBrand: 'brand is not a known brand slug',
  invalidCursor: 'cursor is not a valid paging cursor for this search',
} as const
