/** The texts of delivery addresses (issue 16 item 0). */
export const addressesMessages = {
  nameRequired: 'Enter the name of the person receiving the bag',
  line1Required: 'Enter the street and number',
  cityRequired: 'Enter the town or city',
  postcodeRequired: 'Enter the postcode',
  postcodeInvalid: 'Postcode may contain only letters, digits, spaces and -',
  countryRequired: 'Choose the country',
  countryInvalid: 'country must be a two-letter country code such as US or GB',
  phoneRequired: 'Enter a phone number for the carrier',
  phoneInvalid: 'Phone number may contain only digits, spaces, +, ( ) and -',
  addressNotFound: 'Address not found',
  tooManyAddresses: 'You can keep at most 10 saved addresses: delete one first.',
} as const
