import { type RefObject, useLayoutEffect } from 'react'

/**
 * Gives the focus back to what had it when a dialog opened (the button that opened it, mostly) once the dialog
 * closes, whether `opened` turns false or the dialog goes away with its parent's `{open && <Dialog/>}`: Mantine
 * gives it back only in the first case, and a keyboard or screen-reader user who pressed Escape or "Batal" in such
 * a dialog was sent to the top of the page (the next Tab was "Lewati ke konten"). When that element is gone (the
 * row it was in, the screen left) or switched off (a disabled button cannot take the focus: "Umumkan hasil" once all
 * is published, a bulk action once nothing is ticked), the focus goes to the screen's heading, when it shows one;
 * so it does when the opener is switched off or removed a moment after it took the focus back (`stayOff`: the
 * screen read again). Nothing is moved when the focus has gone somewhere of its own meanwhile (another dialog, a
 * field of the next screen).
 *
 * `back` names the element to give the focus back to when what has the focus as the dialog opens is not it: a
 * dialog opened by the answer to another dialog (the password link, opened as the confirmation's busy button held
 * the focus, or after the browser dropped it from that switched-off button).
 */
export function useFocusBack(opened: boolean, back?: RefObject<HTMLElement | null>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `back` is a ref, read as the dialog opens
  useLayoutEffect(() => {
    if (!opened) return
    // Mantine's focus trap moves the focus into the dialog only after this (in a timeout).
    const opener = back?.current ?? document.activeElement
    // Nothing had the focus (a click in Safari does not focus a button): nothing to give back.
    if (!(opener instanceof HTMLElement) || opener === document.body) return
    return () => {
      const atClose = document.activeElement
      // After Mantine's own (10 ms), which does it right for a dialog that stays mounted.
      setTimeout(() => {
        const now = document.activeElement
        if (now && now !== document.body && now !== atClose && now !== opener && now.isConnected) return
        if (!usable(opener)) return heading()?.focus({ preventScroll: true })
        if (now !== opener) opener.focus({ preventScroll: true })
        stayOff(opener)
      }, 20)
    }
  }, [opened])
}

/**
 * The screen's heading, where the focus goes when the opener cannot take it. Not scrolled to: the heading of a long
 * list is far from the row whose button went away.
 */
const heading = () => document.querySelector<HTMLElement>('main h1[tabindex]')

/** Still on the screen and not switched off: a disabled button cannot hold the focus (it would fall to <body>). */
const usable = (el: HTMLElement) => el.isConnected && !el.matches(':disabled, [aria-disabled="true"]')

/** How long after the focus went back a switched-off opener still sends it to the heading. */
const WATCH_MS = 5_000

/**
 * The opener given the focus back, switched off or removed a moment later (the screen read again after the
 * dialog's action: "Umumkan hasil" with nothing left to publish, "Keluar/Mutasi" replaced by "Batalkan
 * keluar/mutasi"): the browser drops the focus to <body>, so it goes to the heading. Only while the focus is still
 * there (on the opener, or dropped), and for a few seconds.
 */
function stayOff(opener: HTMLElement) {
  const watch = new MutationObserver(() => {
    if (usable(opener)) return
    const now = document.activeElement
    if (!now || now === opener || now === document.body) heading()?.focus({ preventScroll: true })
    stop()
  })
  // The focus moved on to something else (a field, a link): nothing more to watch.
  const moved = (e: FocusEvent) => {
    if (e.relatedTarget) stop()
  }
  const timer = setTimeout(() => stop(), WATCH_MS)
  function stop() {
    watch.disconnect()
    opener.removeEventListener('focusout', moved)
    clearTimeout(timer)
  }
  // Its own switches, and the screen's tree for its removal (with its row, its section, or alone).
  watch.observe(opener, { attributes: true, attributeFilter: ['disabled', 'aria-disabled'] })
  watch.observe(document.body, { childList: true, subtree: true })
  opener.addEventListener('focusout', moved)
}
