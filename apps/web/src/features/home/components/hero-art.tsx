/** The hero's drawing: a cognac satchel under a tan arch, with a resale tag. Decorative only. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 440" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="hero-arch" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--color-accent)" stopOpacity="0.55" />
          <stop offset="1" stopColor="var(--color-base-300)" stopOpacity="0.9" />
        </linearGradient>
        <linearGradient id="hero-body" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-primary)" />
          <stop offset="1" stopColor="var(--color-secondary)" />
        </linearGradient>
      </defs>
      <path d="M30 440V200a170 170 0 0 1 340 0v240z" fill="url(#hero-arch)" />
      <circle cx="322" cy="96" r="7" fill="var(--color-primary)" opacity="0.5" />
      <circle cx="78" cy="150" r="4" fill="var(--color-primary)" opacity="0.45" />
      <circle cx="348" cy="250" r="4" fill="var(--color-primary)" opacity="0.35" />
      <path
        d="M142 206v-46a58 58 0 0 1 116 0v46"
        fill="none"
        stroke="var(--color-secondary)"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <path d="M86 204h228l-17 170a26 26 0 0 1-26 23H129a26 26 0 0 1-26-23z" fill="url(#hero-body)" />
      <path
        d="M96 214h208l-15 154a16 16 0 0 1-16 14H127a16 16 0 0 1-16-14z"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="2"
        strokeDasharray="7 6"
        opacity="0.8"
      />
      <path d="M86 204h228v34c0 34-51 66-114 66S86 272 86 238z" fill="var(--color-secondary)" />
      <path
        d="M98 214h204v22c0 27-45 55-102 55S98 263 98 236z"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="2"
        strokeDasharray="7 6"
        opacity="0.8"
      />
      <rect x="184" y="286" width="32" height="30" rx="8" fill="var(--color-accent)" />
      <rect x="195" y="296" width="10" height="10" rx="3" fill="var(--color-secondary)" />
      <g transform="rotate(14 300 150)">
        <path
          d="M270 152 L288 132 H356 V172 H288 Z"
          fill="var(--color-base-100)"
          stroke="var(--color-secondary)"
          strokeWidth="3"
        />
        <circle cx="287" cy="152" r="4" fill="var(--color-secondary)" />
        <text
          x="322"
          y="158"
          textAnchor="middle"
          fontFamily="var(--font-display)"
          fontSize="18"
          fontWeight="700"
          fill="var(--color-primary)"
        >
          −60%
        </text>
      </g>
      <path d="M248 178 Q268 160 284 150" fill="none" stroke="var(--color-secondary)" strokeWidth="2" />
    </svg>
  )
}
