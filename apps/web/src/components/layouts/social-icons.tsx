// The brand marks live in one static sprite (public/social-icons.svg), not in the first chunk's JavaScript: the
// footer is on every page, including the home page with its 120 KB budget (docs/decisions/003).

export type SocialIconName = 'facebook' | 'instagram' | 'x' | 'pinterest'

/** A 20 px brand mark in the current text colour. */
export function SocialIcon({ name }: { name: SocialIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`/social-icons.svg#${name}`} />
    </svg>
  )
}
