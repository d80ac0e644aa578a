/** The texts of confirm. */
export const confirmMessages = {
  title: 'Are you sure you want to delete?',
  message: (name: string) => `If you delete ${name}. It cannot be undone.`,
} as const
