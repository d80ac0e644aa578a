import type { ReactNode } from 'react'

// lucide-react ships no brand marks; these are simple line drawings in the same 24px, 2px-stroke style.

function Icon({ children }: { children: ReactNode }) {
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
      {children}
    </svg>
  )
}

export const FacebookIcon = () => (
  <Icon>
    <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
  </Icon>
)

export const InstagramIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
  </Icon>
)

export const XIcon = () => (
  <Icon>
    <path d="M4 4h4.5L20 20h-4.5z" />
    <path d="M4 20l6.6-6.6M13.4 10.6 20 4" />
  </Icon>
)

export const PinterestIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M11 10.5 8.5 21" />
    <path d="M9.6 15.5c.6.7 1.5 1 2.5 1 2.8 0 4.4-2.4 4.4-5 0-2.8-2.2-4.5-4.6-4.5-2.9 0-4.9 2-4.9 4.5 0 1 .4 2 1.1 2.5" />
  </Icon>
)
