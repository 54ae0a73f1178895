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

/**
 * How large a worksheet may be, as the reader lays it out: rows up to the last with a value, each as long
 * as the longest (read-excel-file pads every row to the sheet's last column with a value). Unpacked size
 * alone does not bound that: a value in column XFD of a 45 KB file made 5,000 rows of 16,384 cells (4.5 s,
 * 1.6 GB), and a 7 MB file of a million one-cell rows took exceljs 9.5 s and 1.1 GB. The reader never sees
 * a sheet past these bounds; the scan stops at the first tag past them.
 */
export interface SheetLimits {
  rows: number
  cells: number
  /** The message when a sheet is past them. */
  tooLarge: Msg
}

/**
 * What Excel shows of a worksheet that the reader does not give: merged cells (the reader has the value in the
 * top left cell only, so a Rombel merged down a class block was "wajib diisi" on every student but the first)
 * and numbers shown with leading zeros (a number format `000000`: the NIS 012345 read as 12345). Rows and
 * columns count from 1, as in the sheet.
 */
export interface SheetLayout {
  hidden: boolean
  /** Merged ranges: first row, first column, last row, last column. */
  merges: [number, number, number, number][]
  /** Number cells shown zero-padded: row, column and the width they are padded to. */
  padded: [number, number, number][]
}

export interface XlsxZip {
  /** What is wrong with the ZIP, or null when it unpacks within the limits (or is no ZIP: the reader says). */
  error: Msg | null
  /** Each sheet, in the workbook's order (the reader's): whether it is hidden, its merges and padded numbers. */
  sheets: SheetLayout[]
}

/** The ZIP's and its worksheets' sizes checked, and what the reader does not say of its worksheets. */
export async function inspectXlsxZip(buffer: Buffer, sheets: SheetLimits): Promise<XlsxZip> {
  // jszip builds an object for every entry before any can be counted: a roster with 100,000 empty parts
  // took it 2.1 s and 198 MB. Their headers are counted in the bytes first.
  if (centralHeaders(buffer) > MAX_ENTRIES) return { error: TOO_MANY_PARTS, sheets: [] }
  const { default: Zip } = await import('jszip') // loaded on first use, as the reader is
  let zip: JSZip
  try {
    zip = await Zip.loadAsync(buffer) // the directory only: nothing is inflated yet
  } catch {
    return { error: null, sheets: [] }
  }
  const kept = new Map<string, string>()
  const scans = new Map<string, SheetScan>()
  const error = await limitsError(zip, sheets, kept, scans)
  if (error) return { error, sheets: [] }
  return { error: null, sheets: layoutsOf(kept, scans) }
}

/**
 * Parts read whole on the way (small: a tag per sheet, per relationship, per style), before the sheets. A
 * workbook's are a few KB to a few hundred; past `MAX_KEPT_BYTES` the file is refused rather than held.
 */
const WORKBOOK = 'xl/workbook.xml'
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels'
const STYLES = 'xl/styles.xml'
const KEPT = [WORKBOOK, WORKBOOK_RELS, STYLES]
const MAX_KEPT_BYTES = 16 * 1024 * 1024
const KEPT_TOO_LARGE = msg(
  `berkas XLSX tidak biasa: daftar lembar, relasi atau gaya selnya lebih dari ${MAX_KEPT_BYTES / 1024 / 1024} MB; simpan ulang sebagai buku kerja biasa`,
  `the XLSX file is unusual: its sheet list, relationships or cell styles are over ${MAX_KEPT_BYTES / 1024 / 1024} MB; save it again as a plain workbook`,
)

/**
 * Tags of a part, each stopping at the next `<` too: a part ending in `<sheet<sheet…` without a `>` is not
 * scanned to its end from every `<`.
 */
const tagsOf = (xml: string, name: string) => xml.match(new RegExp(`<(?:\\w+:)?${name}\\b[^<>]*>`, 'g')) ?? []
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}=["']([^"']*)["']`).exec(tag)?.[1]

/**
 * `<sheet name="…" sheetId="…" state="hidden" r:id="…"/>` in `xl/workbook.xml`, one per worksheet in the
 * workbook's order (the order the reader returns them in); `state` is `hidden` or `veryHidden` when hidden.
 * Each names its part through the workbook's relationships.
 */
function layoutsOf(kept: Map<string, string>, scans: Map<string, SheetScan>): SheetLayout[] {
  const targets = new Map(
    tagsOf(kept.get(WORKBOOK_RELS) ?? '', 'Relationship').map((tag) => {
      const target = attribute(tag, 'Target') ?? ''
      return [attribute(tag, 'Id'), target.startsWith('/') ? target.slice(1) : `xl/${target}`] as const
    }),
  )
  return tagsOf(kept.get(WORKBOOK) ?? '', 'sheet').map((tag) => {
    const scan = scans.get(targets.get(attribute(tag, '(?:\\w+:)?id')) ?? '')
    return {
      hidden: /\sstate=["'](?:hidden|veryHidden)["']/.test(tag),
      merges: scan?.merges ?? [],
      padded: scan?.padded ?? [],
    }
  })
}

/**
 * The cell styles (their index in `<cellXfs>`) whose number format pads with zeros (`000000`), with the width.
 * Built-in formats (ids below 164) never do.
 */
function paddedStyles(styles: string): Map<number, number> {
  const widths = new Map<string, number>()
  for (const tag of tagsOf(styles, 'numFmt')) {
    const code = (attribute(tag, 'formatCode') ?? '').replace(/\\|"/g, '')
    if (/^0{2,}$/.test(code)) widths.set(attribute(tag, 'numFmtId') ?? '', code.length)
  }
  const padded = new Map<number, number>()
  // Found with one forward search each (a lazy `[\s\S]*?` from every unclosed `<cellXfs` was quadratic: a
  // few KB upload held the event loop for minutes).
  const start = styles.search(/<(?:\w+:)?cellXfs\b/)
  const close = /<\/(?:\w+:)?cellXfs>/g
  close.lastIndex = Math.max(start, 0)
  const end = start < 0 ? -1 : (close.exec(styles)?.index ?? -1)
  const xfs = end < 0 ? '' : styles.slice(start, end)
  tagsOf(xfs, 'xf').forEach((tag, i) => {
    const width = widths.get(attribute(tag, 'numFmtId') ?? '')
    if (width) padded.set(i, width)
  })
  return padded
}

/**
 * The last row with a value and the last column with a value of a worksheet's XML, read chunk by chunk as
 * it is inflated (a tag cut between two chunks waits for the next). Every XML part is scanned, whatever its
 * name: a workbook may keep a sheet at any path; a part without `<sheetData>` stays at zero. A cell or row
 * without its `r` attribute follows the one before it, as the reader counts it; a cell written as `<c …/>`
 * holds no value (only a style).
 *
 * Each chunk is scanned once: only the start of a cut tag is carried to the next, and text between tags is
 * not kept. Carrying the whole text after the last `>` made a part without one cost the square of its size
 * (20 MB of one letter, from a 27 KB upload, held the event loop for 13 s); a tag still open after
 * `MAX_TAG` characters ends the scan instead.
 */
class SheetScan {
  rows = 0
  columns = 0
  merges: SheetLayout['merges'] = []
  padded: SheetLayout['padded'] = []
  /** The start of a tag cut at the end of the chunks so far (from its `<`), or ''. */
  private carry = ''
  private inData = false
  private row = 0
  private column = 0

  /** `paddedStyles`: the styles whose numbers show with leading zeros. */
  constructor(private readonly paddedStyles: Map<number, number>) {}

  feed(chunk: string): void {
    const end = chunk.lastIndexOf('>') + 1 // whole tags only
    if (end === 0) {
      this.carry = this.carry === '' ? tagStart(chunk) : this.carry + chunk
      return
    }
    const text = this.carry + chunk.slice(0, end)
    this.carry = tagStart(chunk.slice(end))
    let from = 0
    if (!this.inData) {
      from = text.search(/<(?:\w+:)?sheetData\b/)
      if (from < 0) return
      this.inData = true
    }
    const tags = /<(?:\w+:)?(row|c|mergeCell)\b([^>]*?)(\/?)>/g
    tags.lastIndex = from
    for (let m = tags.exec(text); m; m = tags.exec(text)) {
      if (m[1] === 'mergeCell') {
        const range = /\sref=["']([A-Za-z]+)(\d+):([A-Za-z]+)(\d+)["']/.exec(m[2])
        if (range && this.merges.length < MAX_KEPT)
          this.merges.push([
            Number(range[2]),
            columnNumber(range[1]),
            Number(range[4]),
            columnNumber(range[3]),
          ])
        continue
      }
      const ref = /\sr=["']([A-Za-z]*)(\d*)["']/.exec(m[2])
      if (m[1] === 'row') {
        this.row = ref?.[2] ? Number(ref[2]) : this.row + 1
        this.column = 0
        continue
      }
      if (ref?.[2]) this.row = Number(ref[2])
      this.column = ref?.[1] ? columnNumber(ref[1]) : this.column + 1
      if (m[3] === '/') continue
      this.rows = Math.max(this.rows, this.row)
      this.columns = Math.max(this.columns, this.column)
      if (this.paddedStyles.size === 0 || this.padded.length >= MAX_KEPT) continue
      const width = this.paddedStyles.get(Number(/\ss=["'](\d+)["']/.exec(m[2])?.[1] ?? -1))
      const type = /\st=["'](\w+)["']/.exec(m[2])?.[1] ?? 'n'
      if (width && type === 'n') this.padded.push([this.row, this.column, width])
    }
  }

  /** What ends the scan: a tag longer than `MAX_TAG`, or a sheet past the limits; null while neither. */
  error(limits: SheetLimits): Msg | null {
    if (this.carry.length > MAX_TAG) return TAG_TOO_LONG
    if (this.rows > limits.rows || this.rows * this.columns > limits.cells) return limits.tooLarge
    return null
  }
}

/** The text from its first `<` on (a tag that a later chunk closes), or '' when it has none. */
const tagStart = (text: string) => {
  const at = text.indexOf('<')
  return at < 0 ? '' : text.slice(at)
}

/**
 * The longest tag the scan waits for. A sheet's tags are a few dozen characters, a part's root tag with its
 * namespaces a few KB; no writer makes one of 64 KB.
 */
const MAX_TAG = 64 * 1024

/**
 * Merges and padded cells kept per sheet: a roster of 5,000 students has a few of one and tens of thousands of
 * the other at most; past this, the rest are left as the reader gives them.
 */
const MAX_KEPT = 100_000

const TAG_TOO_LONG = msg(
  `berkas XLSX rusak: satu tag XML di dalamnya lebih panjang dari ${MAX_TAG / 1024} KB; simpan ulang sebagai buku kerja biasa`,
  `the XLSX file is damaged: an XML tag in it is longer than ${MAX_TAG / 1024} KB; save it again as a plain workbook`,
)

/** `A` → 1, `Z` → 26, `AA` → 27, `XFD` → 16,384. */
const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0)

const TOO_MANY_PARTS = msg(
  `berkas XLSX berisi lebih dari ${MAX_ENTRIES} bagian; simpan ulang sebagai buku kerja biasa`,
  `the XLSX file holds more than ${MAX_ENTRIES} parts; save it again as a plain workbook`,
)

/**
 * The ZIP's central directory headers (`PK\x01\x02`), counted up to one past the limit. jszip reads them
 * one after another whatever count the file declares, so the bytes are what to count; packed data that
 * happens to hold the four bytes only counts more (by chance, about once in 4 GB).
 */
function centralHeaders(buffer: Buffer): number {
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02])
  let n = 0
  for (
    let at = buffer.indexOf(signature);
    at !== -1 && n <= MAX_ENTRIES;
    at = buffer.indexOf(signature, at + 4)
  )
    n++
  return n
}

const UNPACKS_TOO_FAR = msg(
  `berkas XLSX terlalu besar setelah dibuka (lebih dari ${MAX_INFLATED_BYTES / 1024 / 1024} MB)`,
  `the XLSX file unpacks to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB`,
)

/**
 * Inflates every entry as a stream, counting its bytes and scanning its rows (into `scans`, by part name);
 * the workbook, its relationships and the styles are read first and kept in `kept` on the way (they are
 * small: a tag per sheet, relationship or style), so nothing is inflated twice.
 */
async function limitsError(
  zip: JSZip,
  sheets: SheetLimits,
  kept: Map<string, string>,
  scans: Map<string, SheetScan>,
): Promise<Msg | null> {
  const entries = Object.values(zip.files).filter((e) => !e.dir)
  if (entries.length > MAX_ENTRIES) return TOO_MANY_PARTS
  const rank = (name: string) => (KEPT.includes(name) ? KEPT.indexOf(name) : KEPT.length)
  entries.sort((a, b) => rank(a.name) - rank(b.name))
  let total = 0
  let padded: Map<number, number> | undefined
  for (const entry of entries) {
    const keep = KEPT.includes(entry.name)
    if (!keep && !padded) padded = paddedStyles(kept.get(STYLES) ?? '')
    const scan = entry.name.endsWith('.xml') && !keep ? new SheetScan(padded ?? new Map()) : null
    if (scan) scans.set(entry.name, scan)
    const text: string[] = []
    let keptBytes = 0
    const error = await new Promise<Msg | null>((resolve) => {
      const stream = entry.nodeStream('nodebuffer')
      const stop = (why: Msg) => {
        ;(stream as unknown as { destroy(): void }).destroy()
        resolve(why)
      }
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length
        if (total > MAX_INFLATED_BYTES) return stop(UNPACKS_TOO_FAR)
        // Tags are ASCII: latin1 reads them without decoding UTF-8 (a character cut between chunks is harmless).
        const part = chunk.toString('latin1')
        scan?.feed(part)
        if (keep) {
          keptBytes += chunk.length
          if (keptBytes > MAX_KEPT_BYTES) return stop(KEPT_TOO_LARGE)
          text.push(part)
        }
        const why = scan?.error(sheets)
        if (why) stop(why)
      })
      // A broken entry is for the reader to report as unreadable.
      stream.on('error', () => resolve(null))
      stream.on('end', () => resolve(null))
    })
    if (error) return error
    if (keep) kept.set(entry.name, text.join(''))
  }
  return null
}
