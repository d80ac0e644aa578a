import { imageUploadResultSchema } from '@preloved/shared/products'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** POST /api/images: the photo in the multipart field `image` (sellers); answers `{ success, data: { url, thumb } }`. */
export function uploadImage(file: File) {
  const body = new FormData()
  body.append('image', file)
  return api.post('/images', body, imageUploadResultSchema)
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage })
