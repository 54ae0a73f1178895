import { useEffect, useRef } from 'react'

const TYPING_MS = 5000

/** When the person last typed or picked something on the page (ms since the epoch). */
let lastInput = 0
const typed = () => {
  lastInput = Date.now()
}

/**
 * Whether the person is in the middle of something a list redrawn under them would disturb: a dialog open (a
 * score being entered, a confirmation), a choice list unfolded (an attendance being picked), or typing (a
 * keystroke in the last few seconds). A field merely left focused does not hold the list back.
 */
function busy() {
  if (document.querySelector('[role="dialog"], [aria-haspopup="listbox"][aria-expanded="true"]')) return true
  // A select's choices (kept in the page, hidden, while it is closed) shown.
  for (const list of document.querySelectorAll('[role="listbox"]'))
    if (list.getClientRects().length > 0) return true
  return Date.now() - lastInput < TYPING_MS
}

/**
 * Calls `refresh` every `everyMs` while `on`, the tab visible and the person not busy (a tick that finds them
 * busy is skipped, not queued), and at once when the tab becomes visible again. For a screen that others change
 * while it is looked at: the test page while participants check themselves in.
 */
export function useLiveRefresh(on: boolean, everyMs: number, refresh: () => void) {
  const latest = useRef(refresh)
  latest.current = refresh
  useEffect(() => {
    if (!on) return
    const tick = () => {
      if (document.visibilityState === 'visible' && !busy()) latest.current()
    }
    const timer = setInterval(tick, everyMs)
    const back = () => document.visibilityState === 'visible' && tick()
    document.addEventListener('visibilitychange', back)
    document.addEventListener('keydown', typed, true)
    document.addEventListener('input', typed, true)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', back)
      document.removeEventListener('keydown', typed, true)
      document.removeEventListener('input', typed, true)
    }
  }, [on, everyMs])
}
