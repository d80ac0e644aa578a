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
  // the Flags page (admin)
  lead: 'Orders between accounts that may be one person, and bags held again and again: look at each, then confirm or dismiss it.',
  tabs: { open: 'Open', resolved: 'Resolved' },
  tabsLegend: 'Show flags',
  listLabel: { open: 'Open flags', resolved: 'Resolved flags' },
  emptyResolved: 'No flag has been resolved yet.',
  kind: {
    linked_accounts: 'Linked accounts',
    hold_cycling: 'A bag held again and again',
  } as Record<'linked_accounts' | 'hold_cycling', string>,
  buyer: 'Buyer',
  seller: 'Seller',
  heldBy: 'Held by',
  deletedAccount: 'Deleted account',
  theirOrders: 'Orders',
  theirOrdersOf: (name: string) => `Orders of ${name}`,
  viewOrder: 'View the order',
  viewBag: 'View the bag',
  payoutHeld: 'Payout held',
  flagged: 'Flagged',
  more: 'Load more flags',
  /** A resolved flag's outcome, per kind. */
  outcome: {
    linked_accounts: { confirmed: 'Link confirmed', dismissed: 'Dismissed' },
    hold_cycling: { confirmed: 'Confirmed', dismissed: 'Dismissed' },
  } as Record<'linked_accounts' | 'hold_cycling', Record<'confirmed' | 'dismissed', string>>,
  noNote: 'No note.',
  confirmHolds: 'Confirm',
  confirmLinkTitle: 'Confirm the link?',
  confirmLinkMessage: (buyer: string, seller: string) =>
    `You judge ${buyer} and ${seller} to be one person: their orders with each other then count for no rating or badge.`,
  /** What confirming does to a held payout today: the hold lasts only while the flag is open. */
  confirmKeepsPayout:
    "The seller's payout from this order stays held: refund the buyer from the order page if it was a sale to oneself.",
  confirmHoldsTitle: 'Confirm this flag?',
  confirmHoldsMessage:
    'You judge these holds to be deliberate. The decision goes in the audit log; nothing else changes.',
  confirmedHolds: 'Confirmed.',
  dismissTitle: 'Dismiss this flag?',
  dismissLinkMessage: (buyer: string, seller: string) =>
    `You judge ${buyer} and ${seller} to be different people: their orders count as any other.`,
  dismissReleasesPayout: "The seller's held payout from this order goes on to them.",
  dismissHoldsMessage: 'You judge these holds to be ordinary. The decision goes in the audit log.',
  dismissedPayout: "Dismissed: the seller's payout goes on.",
  noteLabel: 'Note (optional)',
  noteHint: 'Kept with the decision in the audit log, for admins.',
} as const
