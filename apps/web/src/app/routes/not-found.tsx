import { NotFound } from '@/components/errors/not-found'

// Any path no other route takes: 'page not found' (docs/product/storefront.md#feedback) with status 404, on the server and on a move in the app.
const notFound = () => {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
}

export const loader = notFound
export const clientLoader = notFound

export default NotFound
