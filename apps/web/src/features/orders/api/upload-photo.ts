import { imageUploadResultSchema } from '@preloved/shared/products'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * POST /api/images (docs/product/listings.md#photos: open to every signed-in role): a dispute's or an answer's photo, through the
 * same image pipeline and limits as a listing's. Answers the stored photo's URL.
 */
export async function uploadOrderPhoto(file: File): Promise<string> {
  const body = new FormData()
  body.append('image', file)
  const answer = await api.post('/images', body, imageUploadResultSchema)
  return answer.data.url
}

export const useUploadOrderPhoto = () => useMutation({ mutationFn: uploadOrderPhoto })
