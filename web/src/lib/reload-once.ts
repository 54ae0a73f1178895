/**
 * A screen's script that did not load: a release replaced the hashed files while the tab was open (the old
 * file is gone, web/dist has the new ones), or the network dropped. When the service answers, the page
 * reloads once, which fetches the current release's files; not again within a minute (kept for the tab), so
 * that a script failing again shows the error view ("Halaman gagal dimuat") instead of reloading in a loop.
 * Offline, nothing reloads (the browser's own offline page would replace the app): the error view says to
 * reload once connected.
 */
const KEY = 'bursa_reloaded_at'
const AGAIN_AFTER_MS = 60_000

export async function reloadOnce(): Promise<void> {
  try {
    if (Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) < AGAIN_AFTER_MS) return
    const up = await fetch('/', { method: 'HEAD', cache: 'no-store' })
    if (!up.ok) return
    sessionStorage.setItem(KEY, String(Date.now()))
  } catch {
    return
  }
  location.reload()
}
