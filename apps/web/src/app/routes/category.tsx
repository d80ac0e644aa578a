import { CATEGORY_LABELS, type CategorySlug } from '@preloved/shared/constants'
import { useParams } from 'react-router'
import { PagePlaceholder } from '@/components/layouts/page-placeholder'

/** '/category/:id' (the id is the category slug): placeholder until the category listing lands. */
function CategoryRoute() {
  const { id = '' } = useParams()
  const title = CATEGORY_LABELS[id as CategorySlug] ?? id
  return <PagePlaceholder title={title}>Every bag in this category will be listed here.</PagePlaceholder>
}

export { CategoryRoute as Component }
