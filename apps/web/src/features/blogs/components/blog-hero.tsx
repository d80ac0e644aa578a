import { messages } from '@preloved/shared/messages'
import { ArrowDown } from 'lucide-react'
import heroPattern from '@/assets/blog-hero.svg'

/** Full-height hero with a background image (our own SVG pattern) under a dark overlay; the tagline is a setting. */
export function BlogHero({ tagline }: { tagline: string }) {
  return (
    <section
      aria-labelledby="blog-heading"
      className="relative isolate flex min-h-[calc(100dvh-4rem)] items-center justify-center overflow-hidden bg-neutral bg-cover bg-center px-4 py-24 text-center text-neutral-content"
      style={{ backgroundImage: `url("${heroPattern}")` }}
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-neutral/60" />
      <div className="flex max-w-3xl flex-col items-center gap-6">
        <p className="rounded-full border border-neutral-content/30 px-4 py-1 text-sm tracking-[0.14em]">
          Notes from the workshop
        </p>
        <h1 id="blog-heading" className="text-5xl font-semibold sm:text-6xl lg:text-7xl">
          {messages.blogs.title}
        </h1>
        <p className="max-w-xl text-lg text-neutral-content/90 sm:text-xl">{tagline}</p>
        <a
          href="#posts"
          className="mt-4 inline-flex items-center gap-2 rounded-full border border-neutral-content/40 px-5 py-2.5 text-sm font-medium transition-colors hover:bg-neutral-content hover:text-neutral"
        >
          Read the posts
          <ArrowDown aria-hidden="true" className="size-4" />
        </a>
      </div>
    </section>
  )
}
