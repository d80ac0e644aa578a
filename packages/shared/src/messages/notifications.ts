/** The texts of notifications, mail preferences, unsubscribe links and saved searches (docs/product/notifications.md). */
export const notificationsMessages = {
  // the bell and the notifications page
  bell: 'Notifications',
  bellUnread: (n: number) => (n === 0 ? 'Notifications' : `Notifications, ${n > 99 ? '99+' : n} unread`),
  pageTitle: 'Notifications',
  pageLead: 'Offers, messages, your orders, price drops and new bags for your saved searches.',
  empty: 'Nothing yet: offers, messages, order updates and price drops on your wishlist will show here.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unreadBadge: 'New',
  allRead: 'All caught up',
  loadMore: 'Load more',
  markedAllRead: 'All notifications marked as read',

  // what each kind says (one sentence, shown in the bell, the page and as the mail's first line)
  priceDrop: (title: string, from: string, to: string) =>
    `Price drop on your wishlist: ${title}, now ${to} (was ${from})`,
  priceDropSubject: (title: string) => `Price drop: ${title}`,
  priceDropMail: (o: { name: string; title: string; from: string; to: string; link: string }) =>
    `Hello ${o.name},\n\n${o.title}, on your wishlist, is now ${o.to} (it was ${o.from}).\n\nSee it: ${o.link}\n`,
  wishlistSold: (title: string) => `${title}, on your wishlist, has sold`,
  wishlistSoldSubject: (title: string) => `Sold: ${title} from your wishlist`,
  wishlistSoldMail: (o: { name: string; title: string; link: string }) =>
    `Hello ${o.name},\n\n${o.title}, which you kept on your wishlist, has sold to another buyer.\n\nSimilar bags: ${o.link}\n`,
  savedSearchMatch: (name: string, title: string, price: string) => `New for “${name}”: ${title}, ${price}`,
  savedSearchDigestSubject: (name: string, n: number) =>
    `${n} new ${n === 1 ? 'bag' : 'bags'} for your saved search “${name}”`,
  savedSearchDigest: (o: { name: string; search: string; count: number; link: string }) =>
    `Hello ${o.name},\n\n${o.count} new ${o.count === 1 ? 'bag matches' : 'bags match'} your saved search “${o.search}”.\n\nSee them, newest first: ${o.link}\n\nWe mail each saved search at most once a day; every new match shows under the bell at once.\n`,

  // every mail's footer (List-Unsubscribe carries the same link)
  footerOptional: (label: string, unsubscribe: string, settings: string) =>
    `\n--\nYou get this mail because “${label}” is on in your mail preferences.\nStop these mails (one click, no sign-in): ${unsubscribe}\nAll mail preferences: ${settings}\n`,
  footerAlways: (settings: string) =>
    `\n--\nThis mail is about your account or an order, so it is always sent.\nChoose which other mails we send you: ${settings}\n`,

  // mail preferences
  settingsTitle: 'Mail preferences',
  settingsLead:
    'Everything still shows under the bell; choose what we also send by mail. Order updates (receipts, sales, shipping, refunds) are always mailed.',
  settingsSaved: 'Mail preferences saved',
  alwaysMailed: 'Always mailed',
  alwaysMailedError: 'Order updates are always mailed: they carry your payments, refunds and deadlines.',
  mailOn: 'Mail',

  // one-click unsubscribe
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribeExpired: 'This unsubscribe link has expired: sign in to choose which mails you get.',
  unsubscribeMissing: 'token is required',
  unsubscribeAsk: (labels: string) => `Stop mails about ${labels}?`,
  unsubscribeAskAll:
    'Stop every mail that can be turned off? Receipts, order updates and account mail will still come.',
  unsubscribeConfirm: 'Unsubscribe',
  unsubscribeDone: (labels: string) => `Done: no more mails about ${labels}.`,
  unsubscribeDoneAll: 'Done: you will only get receipts, order updates and account mail.',
  unsubscribeAlready: 'These mails are already off.',
  unsubscribeSettingsLink: 'Choose all your mail preferences',

  // saved searches
  savedTitle: 'Saved searches',
  savedLead: 'New bags that match are notified at once, and mailed at most once a day.',
  savedEmpty: 'No saved searches yet. Search, then choose “Save this search”.',
  saveThisSearch: 'Save this search',
  saveSearchName: 'Name',
  saveSearchHint: 'We will tell you when new bags match.',
  saved: 'Search saved',
  renamed: 'Saved search renamed',
  deleted: 'Saved search deleted',
  rename: 'Rename',
  delete: 'Delete',
  open: 'Open',
  save: 'Save',
  cancel: 'Cancel',
  savedNotFound: 'Saved search not found',
  savedLimit: (max: number) => `You can keep at most ${max} saved searches: delete one to save another.`,
  savedNameTaken: 'You already have a saved search with this name.',
  savedBadQuery: (reason: string) => `query is not a search: ${reason}`,
  savedSearchesLink: 'Saved searches',
  signInToSave: 'Sign in to save this search',
} as const
