// The header's recent searches (docs/product/search.md): the last 5 words searched in this browser, newest first. Kept in
// localStorage only; nothing is sent anywhere.

const KEY = 'recentSearches'
const MAX = 5

export function readRecentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string').slice(0, MAX) : []
  } catch {
    return [] // storage blocked or a value from elsewhere: no recent searches
  }
}

function write(list: string[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX)))
  } catch {
    // storage full or blocked: the search itself still runs
  }
}

/** Puts `text` first (once, whatever its case). */
export function addRecentSearch(text: string) {
  const words = text.trim()
  if (!words) return
  write([words, ...readRecentSearches().filter((item) => item.toLowerCase() !== words.toLowerCase())])
}

export function removeRecentSearch(text: string) {
  write(readRecentSearches().filter((item) => item !== text))
}
