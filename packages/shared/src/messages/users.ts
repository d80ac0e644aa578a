/** The texts of users. */
export const usersMessages = {
  verified: 'Verified successfully',
  unverified: (name: string) => `${name} is no longer verified. We told them why.`,
  notVerified: 'This seller is not verified.',
  noCustomers: 'No Customer to Show',
  noSellers: 'No Seller to Show',
  notFound: 'User not found',
  notSeller: 'Only sellers can be verified.',
  notSelf: 'You cannot delete your own account.',
  notAdmin: 'Admins cannot be deleted here.',
} as const
