/** The texts of mail. */
export const mailMessages = {
  outboxEmpty: 'No mail yet',
} as const
