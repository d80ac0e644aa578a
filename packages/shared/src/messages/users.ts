/** The texts of users. */
export const usersMessages = {
  verified: 'Verified successfully',
  noCustomers: 'No Customer to Show',
  noSellers: 'No Seller to Show',
  notFound: 'User not found',
  notSeller: 'Only sellers can be verified.',
  notSelf: 'You cannot delete your own account.',
  notAdmin: 'Admins cannot be deleted here.',
} as const
