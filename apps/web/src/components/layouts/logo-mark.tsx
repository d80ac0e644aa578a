/** Our mark: a cognac bag on an espresso tile (the same drawing as public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="16" fill="var(--color-primary)" />
      <path
        d="M24 26v-4a8 8 0 0 1 16 0v4"
        fill="none"
        stroke="var(--color-primary-content)"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M15 27h34l-3 22a4 4 0 0 1-4 3.5H22a4 4 0 0 1-4-3.5z" fill="var(--color-accent)" />
      <circle cx="32" cy="36" r="3" fill="var(--color-primary)" />
    </svg>
  )
}
