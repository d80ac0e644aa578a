/** The texts of seller profiles (docs/product/listings.md#seller-profile). */
export const sellersMessages = {
  verified: 'Verified seller',
  memberSince: (monthYear: string) => `Member since ${monthYear}`,
  listed: (n: number) => `${n.toLocaleString('en-US')} listed`,
  sold: (n: number) => `${n.toLocaleString('en-US')} sold`,
  rating: (average: number, count: number) =>
    `${average.toFixed(1)} out of 5 from ${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`,
  forSale: 'Bags for sale',
  noneForSale: (name: string) => `${name} has no bags for sale right now`,
  loadMore: 'Load more',
  title: (name: string) => `${name}'s bags | Preloved Bags Co.`,
  description: (name: string, monthYear: string, listed: number) =>
    `Preloved bags from ${name}, selling on Preloved Bags Co. since ${monthYear}: ${listed.toLocaleString('en-US')} listed so far. Shop their bags for sale.`,
} as const
