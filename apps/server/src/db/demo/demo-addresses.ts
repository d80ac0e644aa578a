import type { Address } from '@preloved/shared/addresses'

/**
 * One saved delivery address per demo account, its default: the payment page has one picked from
 * the first visit, and the Addresses page shows something on a fresh start. Keyed by the demo user's key.
 */
export const DEMO_ADDRESSES: Readonly<Record<string, Omit<Address, 'line2'> & { line2?: string }>> = {
  emma: {
    name: 'Emma Wilson',
    line1: '214 Bedford Avenue',
    line2: 'Apt 3B',
    city: 'Brooklyn',
    postcode: '11249',
    country: 'US',
    phone: '+1 718 555 0142',
  },
  noah: {
    name: 'Noah Patel',
    line1: '18 Cheyne Walk',
    city: 'London',
    postcode: 'SW3 5HL',
    country: 'GB',
    phone: '+44 20 7946 0018',
  },
  amelia: {
    name: 'Amelia Hart',
    line1: '9 Ocean Drive',
    city: 'Miami',
    postcode: '33139',
    country: 'US',
    phone: '+1 305 555 0109',
  },
  daniel: {
    name: 'Daniel Okafor',
    line1: '77 King Street',
    city: 'Toronto',
    postcode: 'M5H 1J9',
    country: 'CA',
    phone: '+1 416 555 0177',
  },
  sofia: {
    name: 'Sofia Marquez',
    line1: 'Calle de Serrano 41',
    city: 'Madrid',
    postcode: '28001',
    country: 'ES',
    phone: '+34 910 555 041',
  },
  liam: {
    name: 'Liam Chen',
    line1: '300 Market Street',
    city: 'San Francisco',
    postcode: '94105',
    country: 'US',
    phone: '+1 415 555 0300',
  },
  priya: {
    name: 'Priya Nair',
    line1: '12 Rue du Bac',
    city: 'Paris',
    postcode: '75007',
    country: 'FR',
    phone: '+33 1 55 55 01 12',
  },
  chloe: {
    name: 'Chloé Bernard',
    line1: '5 Quai Saint-Antoine',
    city: 'Lyon',
    postcode: '69002',
    country: 'FR',
    phone: '+33 4 55 55 05 05',
  },
  admin: {
    name: 'Grace Kim',
    line1: '1 Main Street',
    city: 'Boston',
    postcode: '02108',
    country: 'US',
    phone: '+1 617 555 0101',
  },
}
