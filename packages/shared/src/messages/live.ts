/** The texts of live updates (GET /api/events). */
export const liveMessages = {
  eventId: (field: string) => `${field} must be an event id (a whole number)`,
  tooManyStreams:
    'Too many live connections are open for this account. Close a few tabs; this page keeps itself up to date meanwhile.',
  pollValue: 'poll must be 1 or true',
} as const
