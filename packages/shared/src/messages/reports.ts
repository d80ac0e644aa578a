/** The texts of reports. */
export const reportsMessages = {
  thanks: 'Thanks — our team will review this listing.',
  reasonRequired: 'Choose a reason for your report.',
  ownItem: 'You cannot report your own listing.',
  alreadyOpen: 'You have already reported this listing. Our team will review it.',
  empty: 'No reported items',
  notFound: 'No open reports for this listing',
} as const
