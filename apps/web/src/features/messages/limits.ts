/** packages/shared conversations.ts's MESSAGE_MAX, kept here so that the composer does not pull zod into its chunk. */
export const MESSAGE_MAX = 2000
