import { useLayoutEffect } from 'react'

/**
 * Gives the focus back to what had it when a dialog opened (the button that opened it, mostly) once the dialog
 * closes, whether `opened` turns false or the dialog goes away with its parent's `{open && <Dialog/>}`: Mantine
 * gives it back only in the first case, and a keyboard or screen-reader user who pressed Escape or "Batal" in such
 * a dialog was sent to the top of the page (the next Tab was "Lewati ke konten"). When that element is gone (the
 * row it was in, the screen left), the focus goes to the screen's heading, when it shows one. Nothing is moved when
 * the focus has gone somewhere of its own meanwhile (another dialog, a field of the next screen).
 */
export function useFocusBack(opened: boolean) {
  useLayoutEffect(() => {
    if (!opened) return
    // Mantine's focus trap moves the focus into the dialog only after this (in a timeout).
    const opener = document.activeElement
    // Nothing had the focus (a click in Safari does not focus a button): nothing to give back.
    if (!(opener instanceof HTMLElement) || opener === document.body) return
    return () => {
      const atClose = document.activeElement
      // After Mantine's own (10 ms), which does it right for a dialog that stays mounted.
      setTimeout(() => {
        const now = document.activeElement
        if (now && now !== document.body && now !== atClose && now.isConnected) return
        // Not scrolled to: the heading of a long list is far from the row whose button went away.
        const back = opener.isConnected ? opener : document.querySelector<HTMLElement>('main h1[tabindex]')
        back?.focus({ preventScroll: true })
      }, 20)
    }
  }, [opened])
}
