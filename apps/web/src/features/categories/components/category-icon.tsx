import { Backpack, Handbag, type LucideProps, ShoppingBag } from 'lucide-react'

const icons = {
  shoulder: Handbag,
  tote: ShoppingBag,
  backpack: Backpack,
} as const

/** The API names a category's icon ('shoulder' | 'tote' | 'backpack'); unknown names fall back to a bag. */
export function CategoryIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = icons[name as keyof typeof icons] ?? ShoppingBag
  return <Icon aria-hidden="true" {...props} />
}
