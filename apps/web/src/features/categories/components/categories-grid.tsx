import type { Category } from '@preloved/shared/categories'
import { homeMessages } from '@preloved/shared/site-messages'
import { ArrowRight, PackageOpen } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { Card, CardActions, CardBody, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useCategories } from '../api/get-categories'
import { CategoryIcon } from './category-icon'

type HeadingLevel = 'h2' | 'h3'

function CategoryCard({ category, headingLevel }: { category: Category; headingLevel: HeadingLevel }) {
  const titleId = `category-${category.category_id}`
  return (
    <Card aria-labelledby={titleId} className="h-full">
      <CardBody className="items-start gap-4 p-7">
        <div className="grid size-16 place-items-center rounded-2xl bg-accent/25 text-primary ring-1 ring-accent/40">
          <CategoryIcon name={category.icon} className="size-8" strokeWidth={1.75} />
        </div>
        <CardTitle as={headingLevel} id={titleId} className="text-2xl">
          {category.title}
        </CardTitle>
        <p className="text-base-content/80">{category.description}</p>
        <CardActions className="pt-3">
          <ButtonLink to={paths.category(category.category)} variant="outline" className="gap-2">
            {homeMessages.checkOut}
            <span className="sr-only"> {category.title}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </CardActions>
      </CardBody>
    </Card>
  )
}

/** docs/product/storefront.md#home-and-blog: 1 column on small screens, 3 on large, a bouncing loader while loading. */
export function CategoriesGrid({ cardHeadingLevel = 'h3' }: { cardHeadingLevel?: HeadingLevel }) {
  const { categories, isPending } = useCategories()

  if (isPending) return <Loading className="py-16" />
  if (categories.length === 0) {
    return (
      <EmptyState
        icon={<PackageOpen className="size-7" />}
        title="No categories yet"
        description="Our shelves are being arranged. Please come back soon."
      />
    )
  }

  return (
    <ul className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      {categories.map((category) => (
        <li key={category.category_id}>
          <CategoryCard category={category} headingLevel={cardHeadingLevel} />
        </li>
      ))}
    </ul>
  )
}
