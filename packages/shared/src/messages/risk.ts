/** The texts of the admin's risk flags (linked accounts, bags held again and again). */
export const riskMessages = {
  signal: {
    payout_account: 'the same payout account (holder and last four digits)',
    device: 'the same device',
    ip: 'the same IP address within a day',
  } as Record<'payout_account' | 'device' | 'ip', string>,
  linkedReason: (signals: string[]) => `The buyer and the seller share ${signals.join('; ')}.`,
  linkedHoldsPayout: "The seller's money from this order is held until an admin dismisses the flag.",
  notFound: 'No such open flag: it may have been resolved already.',
  statusInvalid: 'status must be open or resolved',
  noteTooLong: 'note must be at most 1,000 characters',
  title: 'Flags',
  empty: 'Nothing is flagged. Orders between accounts that look like one person appear here.',
  confirm: 'Confirm the link',
  dismiss: 'Dismiss',
  confirmed: 'Linked: their orders with each other count for no badge or rating.',
  dismissed: 'Dismissed.',
} as const
