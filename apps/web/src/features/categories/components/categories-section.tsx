import { homeMessages } from '@preloved/shared/site-messages'
import { SectionHeading } from '@/components/ui/section-heading'
import { CategoriesGrid } from './categories-grid'

/** 'Buy from us' / 'Categories We offer' and the grid: the home section and the /categories page. */
export function CategoriesSection({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
      <SectionHeading
        as={headingLevel}
        id="categories-heading"
        eyebrow={homeMessages.categoriesLead}
        title={homeMessages.categoriesHeading}
        description="Every bag is listed by its owner and checked for condition. Pick a style to see what is on the shelf today."
        className="mb-10 lg:mb-14"
      />
      <CategoriesGrid cardHeadingLevel={headingLevel === 'h1' ? 'h2' : 'h3'} />
    </section>
  )
}
