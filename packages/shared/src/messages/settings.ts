/** The texts of the shop's settings: the form's rules and its toast. */
export const settingsMessages = {
  taglineRequired: 'Blog tagline is required',
  taglineTooLong: (max: number) => `Blog tagline must be at most ${max} characters`,
  linkNotText: (network: string) => `${network} must be text or null`,
  linkTooLong: (label: string) => `${label} link must be at most 300 characters`,
  linkNotPage: (label: string, host: string) => `${label} link must be an https address of your page on ${host}`,
  linkRedirects: (label: string, via: string) =>
    `${label} link must lead straight to your page, not through a redirector or link shortener (${via})`,
  saved: 'Settings saved',
} as const
