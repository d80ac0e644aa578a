import { type ImageUploadResult, imageUploadResultSchema } from '@preloved/shared/products'
import { useMutation } from '@tanstack/react-query'
import { getAccessToken } from '@/lib/access-token'
import { api, apiErrorOf, invalidResponse, networkError } from '@/lib/api-client'

/** POST /api/images: the photo in the multipart field `image` (sellers); answers `{ success, data: { url, thumb } }`. */
export function uploadImage(file: File) {
  const body = new FormData()
  body.append('image', file)
  return api.post('/images', body, imageUploadResultSchema)
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage })

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * POST /api/images through XMLHttpRequest, whose upload reports progress (fetch's does not): `onProgress` gets the
 * share sent, 0–1. A 401 (the hour-long token ran out) goes once more through the API client, which renews the token
 * and repeats the call. Aborting through `signal` rejects with an AbortError.
 */
export function uploadImageWithProgress(
  file: File,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<ImageUploadResult['data']> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/images')
    xhr.setRequestHeader('Accept', 'application/json')
    const token = getAccessToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const body = parseJson(xhr.responseText)
      if (xhr.status === 401 && token) {
        uploadImage(file).then((answer) => resolve(answer.data), reject)
        return
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorOf(xhr.status, xhr.statusText, body))
        return
      }
      const parsed = imageUploadResultSchema.safeParse(body)
      if (parsed.success) resolve(parsed.data.data)
      else reject(invalidResponse(xhr.status))
    }
    xhr.onerror = () => reject(networkError())
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const body = new FormData()
    body.append('image', file)
    xhr.send(body)
  })
}
