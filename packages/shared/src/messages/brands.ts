/** The texts of brands (docs/product/listings.md#brands). */
export const brandsMessages = {
  unknown: (input: string) => `brand "${input}" is not a known brand: choose one from the list`,
  nameHasNoLetters: 'name must contain letters or digits',
  clash: (name: string) => `A brand called "${name}" already exists (by its name, slug or an alias).`,
  aliasClash: (alias: string) => `The alias "${alias}" already names a brand.`,
} as const
