// What date fields read and send: the API's `YYYY-MM-DD`. Times typed on the school's clock: school-zone.ts.

/**
 * What a person typed into a date field, as the API's `YYYY-MM-DD`: Indonesian `dd/mm/yyyy` (also with
 * `-` or `.`, one-digit day or month) or `yyyy-mm-dd`; null for anything else or a day that does not exist.
 */
export function parseDateInput(text: string): string | null {
  const t = text.trim()
  const id = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t)
  const [y, m, d] = id ? [id[3], id[2], id[1]] : iso ? [iso[1], iso[2], iso[3]] : []
  if (!y || !m || !d) return null
  const value = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null
}
