/**
 * What a learner types and has not sent yet, kept in the tab (sessionStorage) per account: the cover letter of
 * "Kirim lamaran", per vacancy. A session that lapses keeps it (the password given again finds it); a deliberate
 * logout forgets it, in every tab of the browser: at a school lab's or a family's computer the next person at
 * the same tab must not find it (DevTools, any script of the page).
 */
const LETTER = 'bursa.cover-letter.'

/** The key of the cover letter `userId` is writing to vacancy `vacancyId`. */
export const letterDraftKey = (userId: number, vacancyId: number) => `${LETTER}${userId}.${vacancyId}`

/** Set and removed at once by a logout: the other tabs hear the account whose drafts go (a storage event). */
const FORGET_KEY = 'bursa_forget_drafts'

function forgetHere(userId: number) {
  try {
    const prefix = `${LETTER}${userId}.`
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i))
    for (const key of keys) if (key?.startsWith(prefix)) sessionStorage.removeItem(key)
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

/** A deliberate logout of `userId`: its drafts go in this tab and in the browser's other tabs. */
export function forgetDrafts(userId: number) {
  forgetHere(userId)
  try {
    localStorage.setItem(FORGET_KEY, String(userId))
    localStorage.removeItem(FORGET_KEY)
  } catch {}
}

/** Another tab's logout (its storage event): the drafts of the account it signed out go here too. */
export function forgetDraftsAsTold(e: StorageEvent) {
  if (e.storageArea !== localStorage || e.key !== FORGET_KEY || !e.newValue) return
  const userId = Number(e.newValue)
  if (Number.isInteger(userId)) forgetHere(userId)
}
