import { CategoriesSection } from '@/features/categories/components/categories-section'

/** '/categories': the categories grid on its own page. */
function CategoriesRoute() {
  return (
    <>
      <title>Categories | Preloved Bags Co.</title>
      <CategoriesSection headingLevel="h1" />
    </>
  )
}

export { CategoriesRoute as Component }
