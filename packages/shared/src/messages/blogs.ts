/** The texts of blogs. */
export const blogsMessages = {
  title: 'Our Blog',
  tagline: 'Catch Our Latest Blogs on technology and Libraries',
} as const
