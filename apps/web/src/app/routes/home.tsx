import { CategoriesSection } from '@/features/categories/components/categories-section'
import { Hero } from '@/features/home/components/hero'
import { SellBanner } from '@/features/home/components/sell-banner'
import { AdvertisedProducts } from '@/features/products/components/advertised-products'

/** '/': hero, advertised items, categories, the sell-to-us banner (SPEC §2 Home). */
export function HomeRoute() {
  return (
    <>
      <title>Preloved Bags Co. | Second-hand designer and everyday bags</title>
      <Hero />
      <AdvertisedProducts />
      <CategoriesSection />
      <SellBanner />
    </>
  )
}
