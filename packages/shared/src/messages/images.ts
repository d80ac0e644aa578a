/** The photo upload (POST /api/images) and its storage. */
export const imagesMessages = {
  notMultipart: 'Send the photo as multipart/form-data in the field "image".',
  malformedUpload: 'The upload is not valid multipart/form-data. Send the photo in the field "image".',
  tooLarge: 'The photo is larger than 10 MB. Please choose a smaller one.',
  tooManyPixels: 'The photo has more than 40 megapixels. Please choose a smaller one.',
  tooManyPixelsSized: (width: number, height: number) =>
    `The photo is ${width}×${height} pixels; at most 40 megapixels are accepted.`,
  notAnImage: (accepted: string) => `The file is not an image we accept. Upload a ${accepted} photo.`,
  formatRefused: (format: string | undefined, accepted: string) =>
    `${format ? format.toUpperCase() : 'This'} files are not accepted. Upload a ${accepted} photo.`,
  unreadable: (accepted: string) => `The photo could not be read. Upload a ${accepted} photo.`,
  storageFull: 'The photo could not be saved: the server has run out of storage space. Please try again later.',
  storageNotWritable:
    'The photo could not be saved: the server cannot write to its photo storage. Please try again later.',
} as const
