import type JSZip from 'jszip'
import { type Msg, msg } from '../../http/i18n.js'

/**
 * An XLSX is a ZIP, and the XLSX reader inflates every XML entry whole into memory before it parses it. A
 * small upload can unpack to gigabytes (a "zip bomb": deflate packs a run of zeros about 1,000 to 1), which
 * would take the whole service down, not just the import. So before the reader sees a file, its entries
 * are inflated once as streams and counted: the sizes the ZIP declares are not trusted, since a hostile
 * file can lie in them. A roster of 5,000 students unpacks to a few MB; the limits leave room for styles,
 * images and extra sheets of a school's own template.
 */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024
export const MAX_ENTRIES = 1000

export interface XlsxZip {
  /** What is wrong with the ZIP, or null when it unpacks within the limits (or is no ZIP: the reader says). */
  error: Msg | null
  /** Whether each worksheet, in the workbook's order, is hidden (the reader does not say). */
  hidden: boolean[]
}

/** The ZIP's size checked, and which of its worksheets are hidden. */
export async function inspectXlsxZip(buffer: Buffer): Promise<XlsxZip> {
  const { default: Zip } = await import('jszip') // loaded on first use, as the reader is
  let zip: JSZip
  try {
    zip = await Zip.loadAsync(buffer) // the directory only: nothing is inflated yet
  } catch {
    return { error: null, hidden: [] }
  }
  const error = await limitsError(zip)
  const workbook = error ? null : await zip.file('xl/workbook.xml')?.async('string')
  return { error, hidden: workbook ? hiddenSheets(workbook) : [] }
}

/**
 * `<sheet name="…" sheetId="…" state="hidden" r:id="…"/>` in `xl/workbook.xml`, one per worksheet in the
 * workbook's order (the order the reader returns them in); `state` is `hidden` or `veryHidden` when hidden.
 */
const hiddenSheets = (workbook: string) =>
  (workbook.match(/<(?:\w+:)?sheet\b[^>]*>/g) ?? []).map((tag) =>
    /\sstate=["'](?:hidden|veryHidden)["']/.test(tag),
  )

async function limitsError(zip: JSZip): Promise<Msg | null> {
  const entries = Object.values(zip.files).filter((e) => !e.dir)
  if (entries.length > MAX_ENTRIES)
    return msg(
      `berkas XLSX berisi lebih dari ${MAX_ENTRIES} bagian; simpan ulang sebagai buku kerja biasa`,
      `the XLSX file holds more than ${MAX_ENTRIES} parts; save it again as a plain workbook`,
    )
  let total = 0
  for (const entry of entries) {
    const within = await new Promise<boolean>((resolve) => {
      const stream = entry.nodeStream('nodebuffer')
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length
        if (total > MAX_INFLATED_BYTES) {
          ;(stream as unknown as { destroy(): void }).destroy()
          resolve(false)
        }
      })
      // A broken entry is for the reader to report as unreadable.
      stream.on('error', () => resolve(true))
      stream.on('end', () => resolve(true))
    })
    if (!within)
      return msg(
        `berkas XLSX terlalu besar setelah dibuka (lebih dari ${MAX_INFLATED_BYTES / 1024 / 1024} MB)`,
        `the XLSX file unpacks to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB`,
      )
  }
  return null
}
