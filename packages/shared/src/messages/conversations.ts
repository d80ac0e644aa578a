/** The dashboard menu's links (kept apart: the header, on every page, imports only these). */
export const conversationsNavMessages = {
  messages: 'Messages',
  reportedMessages: 'Reported messages',
} as const

/** The texts of buyer–seller messages, blocks and message reports (docs/product/messages.md). */
export const conversationsMessages = {
  // refusals
  notFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  productNotFound: 'Product not found',
  ownListing: 'This is your own listing: buyers write to you about it from its page.',
  sold: 'This bag has been sold: only its buyer can write to the seller about it.',
  onlyParties: 'Only the buyer and the seller can write in this conversation.',
  /** The caller blocked the other party: they may say so. */
  youBlocked: 'You blocked this member. Unblock them to send a message.',
  /** The other party blocked the caller, or closed their account: a neutral refusal that does not say why. */
  unavailable: 'Messages cannot be sent in this conversation.',
  reportOwn: 'You cannot report your own message.',
  reportAlready: 'You have already reported this message. Our team will review it.',
  reportThanks: 'Thanks — our team will review this message.',
  /** What the report dialog offers; the reason travels as these words. */
  reportReasons: [
    'Asks to pay or talk outside Preloved Bags Co.',
    'Spam or a scam',
    'Rude or abusive',
    'Something else',
  ],
  reportNotFound: 'Report not found',
  reportResolved: 'This report has already been resolved.',
  blockSelf: 'You cannot block yourself.',
  userNotFound: 'User not found',
  // what the thread and the inbox show
  maskedNote:
    'Contact details were hidden. Keep your conversation and your payment on Preloved Bags Co.: you are only protected when you pay here.',
  removedByModerator: 'This message was removed by a moderator.',
  composerHint: 'Contact details (e-mail, phone, links) are hidden: keep the conversation and the payment here.',
  askPlaceholder: 'Ask about the bag: its condition, measurements, the date code…',
  inboxTitle: conversationsNavMessages.messages,
  inboxLead: 'Your conversations with buyers and sellers, newest first.',
  inboxEmpty: 'No messages yet',
  inboxEmptyHint: 'Ask a seller about a bag from its page: your conversations show here.',
  chooseConversation: 'Choose a conversation to read it.',
  youBlockedNote: (name: string) =>
    `You blocked ${name}. Neither of you can send messages or offers until you unblock them.`,
  blockedToast: (name: string) => `You blocked ${name}. They are not told.`,
  unblockedToast: (name: string) => `You unblocked ${name}.`,
  reportedMessagesTitle: conversationsNavMessages.reportedMessages,
  reportedMessagesLead: 'Messages that buyers and sellers reported. Read the conversation, then dismiss or remove.',
  reportedMessagesEmpty: 'No reported messages',
  removedToast: 'The message was removed.',
  dismissedToast: 'The report was dismissed.',
  adminReadOnly: 'You are reading this conversation as a moderator: the buyer and the seller do not see you here.',
  // notification and mail to the recipient
  notification: (from: string, title: string) => `${from} sent you a message about “${title}”`,
  mailSubject: (title: string) => `New message about “${title}”`,
  mail: (o: { name: string; from: string; title: string; text: string; link: string }) =>
    `Hello ${o.name},\n\n${o.from} sent you a message about “${o.title}”:\n\n${o.text}\n\nReply on Preloved Bags Co.: ${o.link}\n\nKeep your conversation and your payment on Preloved Bags Co.: you are only protected when you pay here.\n`,
} as const
