// The service's settings that it writes into the page as meta tags at start (src/http/web.ts, `pageOf`): the
// school's time zone, the upload limit, the school's name. One reader for all of them.

/** The content of the page's `<meta name="…">`, trimmed; '' when the page has none (or outside a browser). */
export function pageSetting(name: string): string {
  if (typeof document === 'undefined') return ''
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim() ?? ''
}
