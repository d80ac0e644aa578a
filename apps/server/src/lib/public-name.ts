/**
 * "Emma W.": a member's first name and the initial of their last, the name everyone may read (a review shows its buyer
 * so). A closed account is "Former member"; a name of spaces only is "A buyer".
 */
export function publicName(name: string, deleted: boolean): string {
  if (deleted) return 'Former member'
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return 'A buyer'
  const first = words[0]!
  const last = words.length > 1 ? words.at(-1)! : undefined
  return last ? `${first} ${[...last][0]!.toUpperCase()}.` : first
}
