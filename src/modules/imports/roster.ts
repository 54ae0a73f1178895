import { parse as parseCsv } from 'csv-parse/sync'
import { fileTypeFromBuffer } from 'file-type'
import iconv from 'iconv-lite'
import { AppError, type FieldErrors, notOfFormat } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { mobileNumber, PATTERNS } from '../../http/patterns.js'
import { isEmail, isOneLine, squeezed } from '../../http/schemas.js'
import { inspectXlsxZip, type SheetLayout } from './xlsx-zip.js'

/**
 * Reading a student roster (CSV or XLSX, as a Dapodik export or a school's own sheet) into rows of
 * named cells. Nothing here touches the database: the service decides what each row means.
 */

/** The roster's fields, by the request-style name the report uses. */
export const FIELDS = [
  'nisn',
  'nis',
  'full_name',
  'gender',
  'birth_place',
  'birth_date',
  'class_name',
  'major',
  'email',
  'phone',
] as const
export type Field = (typeof FIELDS)[number]

/** The header a field is written with (Dapodik's words), and the other spellings it is known by. */
const HEADERS: Record<Field, { header: string; aliases: string[] }> = {
  nisn: { header: 'NISN', aliases: [] },
  nis: { header: 'NIS', aliases: ['NIPD', 'Nomor Induk'] },
  full_name: { header: 'Nama', aliases: ['Nama Lengkap', 'Nama Siswa', 'Nama Peserta Didik'] },
  gender: { header: 'JK', aliases: ['Jenis Kelamin', 'L/P'] },
  birth_place: { header: 'Tempat Lahir', aliases: [] },
  birth_date: { header: 'Tanggal Lahir', aliases: ['Tgl Lahir'] },
  class_name: { header: 'Rombel', aliases: ['Rombel Saat Ini', 'Nama Rombel', 'Kelas'] },
  major: { header: 'Jurusan', aliases: ['Kompetensi Keahlian', 'Kompetensi'] },
  email: { header: 'Email', aliases: ['E-mail', 'Surel'] },
  phone: { header: 'No HP', aliases: ['Nomor HP', 'HP', 'No Handphone', 'Nomor Handphone'] },
}

/** Columns the header row must have; e-mail and phone may be left out. */
export const REQUIRED_COLUMNS: readonly Field[] = FIELDS.filter((f) => f !== 'email' && f !== 'phone')

export const headerOf = (field: Field) => HEADERS[field].header

/** Case, spaces and punctuation do not matter: `Tanggal Lahir`, `TANGGAL  LAHIR`, `tanggal_lahir`. */
const normal = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '')

const BY_HEADER = new Map<string, Field>(
  FIELDS.flatMap((f) => [HEADERS[f].header, ...HEADERS[f].aliases].map((h) => [normal(h), f] as const)),
)

/** A cell as read: text, a number (XLSX) or a date (an XLSX date cell); empty cells are null. */
export type Cell = string | number | Date | null

export interface RosterRow {
  /** The row's number in the spreadsheet (the header row counts), as a person finds it in Excel. */
  row: number
  cells: Partial<Record<Field, Cell>>
}

export interface Roster {
  format: 'csv' | 'xlsx'
  headerRow: number
  columns: { header: string; field: Field | null }[]
  /** Headers that name no field: ignored, and listed in the answer. */
  unknownColumns: string[]
  rows: RosterRow[]
}

export const MAX_ROWS = 5000
/** The header row is looked for among the first rows (a Dapodik export has title lines above it). */
const HEADER_SEARCH = 20

/**
 * How large a file may be before it is read, as rows and cells. The 10 MB upload limit alone let a CSV of
 * blank lines hold the event loop for 8 minutes and take 4 GB, and an XLSX far more than its size
 * (src/modules/imports/xlsx-zip.ts). A roster of 5,000 students in Dapodik's 70-odd columns is 350,000
 * cells; a school template's other sheets are smaller still.
 */
const SHEET_ROWS = 20_000
const SHEET_CELLS = 1_000_000
const id = (n: number) => n.toLocaleString('id-ID')
const en = (n: number) => n.toLocaleString('en-US')
export const SHEET_LIMITS = {
  rows: SHEET_ROWS,
  cells: SHEET_CELLS,
  tooLarge: msg(
    `berkas terlalu besar untuk daftar siswa: lebih dari ${id(SHEET_ROWS)} baris atau ${id(SHEET_CELLS)} sel (baris × kolom sampai isian terakhir); periksa isian yang tersasar jauh di bawah atau di kanan`,
    `the file is too large for a roster: more than ${en(SHEET_ROWS)} rows or ${en(SHEET_CELLS)} cells (rows × columns up to the last value); look for a stray value far down or to the right`,
  ),
} as const

const INVALID = msg('Berkas tidak dapat diimpor.', 'The file cannot be imported.')
const fileError = (m: Msg, status = 422): never => {
  throw new AppError(status, INVALID, { file: [m] } satisfies FieldErrors)
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

const NOT_A_ROSTER = msg(
  'berkas harus CSV atau XLSX (Excel 2007 ke atas); berkas .xls lama disimpan dulu sebagai .xlsx',
  'the file must be CSV or XLSX (Excel 2007 or later); save an old .xls file as .xlsx first',
)

/**
 * A file's rows of cells, judged by its bytes, not its name: XLSX when they are a ZIP (an .xlsx is one),
 * CSV when they are text; anything else (a PDF, an image, an old .xls) is 415.
 */
export async function readRoster(buffer: Buffer): Promise<Roster> {
  if (buffer.length === 0) fileError(msg('berkas kosong', 'the file is empty'))
  // A UTF-16 text's byte-order mark reads to file-type as MPEG audio (0xFF 0xFE... is a frame sync).
  const type = utf16Of(buffer) ? undefined : await fileTypeFromBuffer(buffer)
  if (type && type.ext !== 'xlsx' && type.ext !== 'zip') fileError(NOT_A_ROSTER, 415)
  const xlsx = isZip(buffer)
  const { grid, merges } = xlsx ? await xlsxGrid(buffer) : { grid: csvGrid(buffer), merges: [] }
  return rosterOf(xlsx ? 'xlsx' : 'csv', grid, merges)
}

function rosterOf(format: Roster['format'], grid: Cell[][], merges: SheetLayout['merges']): Roster {
  const headerIndex = grid.slice(0, HEADER_SEARCH).findIndex((cells) => {
    const fields = new Set(cells.map((c) => BY_HEADER.get(normal(textOf(c)))))
    return fields.has('nisn') && fields.has('full_name')
  })
  if (headerIndex >= 0) fillMerges(grid, merges, headerIndex + 1)
  if (headerIndex < 0)
    fileError(
      msg(
        `baris judul kolom tidak ditemukan: salah satu dari ${HEADER_SEARCH} baris pertama harus memuat kolom NISN dan Nama`,
        `no header row: one of the first ${HEADER_SEARCH} rows must have the columns NISN and Nama`,
      ),
    )
  const headers = grid[headerIndex].map((c) => squeezed(textOf(c)))
  const columns = headers.map((header) => ({ header, field: BY_HEADER.get(normal(header)) ?? null }))
  const seen = new Map<Field, string>()
  for (const { header, field } of columns) {
    if (!field) continue
    const earlier = seen.get(field)
    if (earlier !== undefined)
      fileError(
        msg(
          `kolom "${earlier}" dan "${header}" sama-sama berarti ${headerOf(field)}`,
          `the columns "${earlier}" and "${header}" both mean ${headerOf(field)}`,
        ),
      )
    seen.set(field, header)
  }
  const missing = REQUIRED_COLUMNS.filter((f) => !seen.has(f)).map(headerOf)
  if (missing.length > 0)
    fileError(
      msg(
        `kolom wajib tidak ada: ${missing.join(', ')}`,
        `required columns are missing: ${missing.join(', ')}`,
      ),
    )
  // Only the columns the import reads are walked, and only on rows with a value: a header far wider than
  // its roster (a stray value far to the right) costs nothing on each row.
  const read = columns.flatMap(({ field }, c) => (field ? [{ field, c }] : []))
  const rows: RosterRow[] = []
  for (let i = headerIndex + 1; i < grid.length; i++) {
    if (grid[i].every((cell) => clean(cell) === null)) continue
    const cells: RosterRow['cells'] = {}
    let empty = true
    for (const { field, c } of read) {
      const value = clean(grid[i][c])
      if (value !== null) empty = false
      cells[field] = value
    }
    if (empty) continue
    rows.push({ row: i + 1, cells })
    if (rows.length > MAX_ROWS)
      fileError(
        msg(
          `berkas berisi lebih dari ${MAX_ROWS} baris siswa; bagi menjadi beberapa berkas`,
          `the file has more than ${MAX_ROWS} student rows; split it into several files`,
        ),
      )
  }
  if (rows.length === 0)
    fileError(msg('tidak ada baris siswa di bawah judul kolom', 'no student rows below the header row'))
  return {
    format,
    headerRow: headerIndex + 1,
    columns,
    unknownColumns: columns.filter((c) => !c.field && c.header !== '').map((c) => c.header),
    rows,
  }
}

function clean(cell: Cell | undefined): Cell {
  if (cell === undefined || cell === null) return null
  if (typeof cell === 'string') {
    const s = squeezed(cell)
    return s === '' ? null : s
  }
  return cell
}

function textOf(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return ''
  if (cell instanceof Date) return cell.toISOString().slice(0, 10)
  return String(cell)
}

// ---------------------------------------------------------------------------------------------
// CSV

/** The UTF-16 of a text with a byte-order mark: Excel's "Unicode Text (*.txt)" (little-endian, tab-separated). */
function utf16Of(buffer: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return 'utf-16le'
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return 'utf-16be'
  return undefined
}

/**
 * UTF-8 (with or without a byte-order mark), UTF-16 with one, or Windows-1252 as older Excel writes it. A
 * UTF-16 text that does not decode is read as it can be (U+FFFD for what is broken), which the name checks
 * then refuse row by row.
 */
function decode(buffer: Buffer): string {
  const utf16 = utf16Of(buffer)
  if (utf16) return new TextDecoder(utf16).decode(buffer)
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  try {
    return utf8.decode(buffer)
  } catch {
    // Line by line: rows pasted together from two sources keep their own encoding (one stray byte decoded the
    // whole file as Windows-1252, every UTF-8 name of it garbled). Windows-1252 through iconv-lite: Node 20's
    // TextDecoder reads its 0x80-0x9F (’ “ ” – €) as control characters.
    const lines: string[] = []
    let start = 0
    while (start <= buffer.length) {
      const end = buffer.indexOf(0x0a, start)
      const line = buffer.subarray(start, end < 0 ? buffer.length : end + 1)
      try {
        lines.push(utf8.decode(line))
      } catch {
        lines.push(iconv.decode(line, 'windows-1252'))
      }
      if (end < 0) break
      start = end + 1
    }
    return lines.join('')
  }
}

const DELIMITERS = [';', ',', '\t']

/**
 * The delimiter of the header row, or else of the first line that has one: Excel in an Indonesian locale saves
 * CSV with `;`, elsewhere with `,`; a tab from a copy of a sheet. Quoted text is not counted. (A title line
 * above the header, "Daftar Peserta Didik Kelas XII, SMK Negeri 9", holds a comma of its own.)
 */
function delimiterOf(text: string): string {
  const lines = text.split(/\r?\n/, HEADER_SEARCH)
  for (const line of lines) {
    const cells = (d: string) => line.split(d).map((c) => BY_HEADER.get(normal(c.replace(/"/g, ''))))
    const header = DELIMITERS.find((d) => {
      const fields = cells(d)
      return fields.includes('nisn') && fields.includes('full_name')
    })
    if (header) return header
  }
  for (const line of lines) {
    const bare = line.replace(/"[^"]*"/g, '')
    const counts = DELIMITERS.map((d) => [d, bare.split(d).length - 1] as const)
    const [best] = counts.sort((a, b) => b[1] - a[1])
    if (best[1] > 0) return best[0]
  }
  return ','
}

/**
 * The text without the empty lines at its end: a CSV saved from Excel keeps the sheet's used range, so a
 * cell once formatted far down leaves thousands of lines of bare delimiters.
 */
function withoutEmptyEnd(text: string, delimiter: string): string {
  const d = delimiter.charCodeAt(0)
  let end = text.length
  while (end > 0) {
    const c = text.charCodeAt(end - 1)
    if (c !== d && c > 32 && c !== 160) break
    end--
  }
  return text.slice(0, end)
}

/**
 * Lines, and cells as an XLSX is measured: lines × the widest line's fields, counted before parsing (a
 * delimiter or line end inside quotes counts too: more, not less). Counting the fields present let a 1 MB
 * file of a 970,000-column header over 1,000 blank lines through (9 to 13 s).
 */
function csvSize(text: string, delimiter: string): { rows: number; cells: number } {
  const d = delimiter.charCodeAt(0)
  let rows = 1
  let fields = 1
  let widest = 1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      rows++
      fields = 1
    } else if (c === d && ++fields > widest) widest = fields
  }
  return { rows, cells: rows * widest }
}

function csvGrid(buffer: Buffer): Cell[][] {
  const text = decode(buffer).replace(/^\uFEFF/, '')
  // A binary file that is not a ZIP (an old .xls, a PDF, an image) is no CSV either.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for binary bytes is the point
  if (/[\u0000-\u0008\u000e-\u001a]/.test(text.slice(0, 4096))) fileError(NOT_A_ROSTER, 415)
  // Nor is a web page: many school systems export "Excel" as an HTML table named .xls (Excel opens it).
  if (/^\s*<(!doctype|html|table|\?xml|meta|head|body)\b/i.test(text.slice(0, 1024)))
    fileError(NOT_A_ROSTER, 415)
  const delimiter = delimiterOf(text)
  const body = withoutEmptyEnd(text, delimiter)
  const size = csvSize(body, delimiter)
  if (size.rows > SHEET_LIMITS.rows || size.cells > SHEET_LIMITS.cells) fileError(SHEET_LIMITS.tooLarge)
  try {
    const records = parseCsv(body, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // Mixed line ends (a line added by hand in another editor) are still lines.
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][]
    return records
  } catch (err) {
    const line = (err as { lines?: unknown }).lines
    const where = typeof line === 'number' ? line : '?'
    return fileError(
      (err as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED'
        ? msg(
            `CSV tidak dapat dibaca: tanda kutip (") yang dibuka tidak ditutup, sekitar baris ${where}`,
            `the CSV cannot be read: a quote (") is never closed, near line ${where}`,
          )
        : msg(`CSV tidak dapat dibaca sekitar baris ${where}`, `the CSV cannot be read near line ${where}`),
    )
  }
}

// ---------------------------------------------------------------------------------------------
// XLSX

/**
 * A cell as read-excel-file gives it: text, a number, a boolean or a date; empty cells, errors (`#N/A`) and
 * formulas without a result are null. (Its types say `typeof Date` where it gives a `Date`: hence unknown.)
 */
function xlsxCell(value: unknown): Cell {
  if (typeof value === 'string' || typeof value === 'number') return value
  if (typeof value === 'boolean') return String(value)
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  return null
}

/**
 * The first visible worksheet with rows, as cells, each row at its number in the spreadsheet less one.
 * read-excel-file (loaded on first use, as the reports' writer is) reads at about twice exceljs's speed
 * and with half its memory (docs/performance.md, "The roster's XLSX reader").
 */
async function xlsxGrid(buffer: Buffer): Promise<{ grid: Cell[][]; merges: SheetLayout['merges'] }> {
  const zip = await inspectXlsxZip(buffer, SHEET_LIMITS)
  if (zip.error) fileError(zip.error)
  const { default: readXlsxFile } = await import('read-excel-file/node')
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>
  try {
    sheets = await readXlsxFile(buffer)
  } catch {
    return fileError(
      msg(
        'berkas XLSX tidak dapat dibaca (rusak, terkunci kata sandi, atau bukan XLSX)',
        'the XLSX file cannot be read (damaged, password-protected, or not XLSX)',
      ),
    )
  }
  // A chart sheet is listed among the sheets with no data (its types do not say so).
  const rowsOf = (s: (typeof sheets)[number]) => (s.data as typeof s.data | undefined) ?? []
  let index = sheets.findIndex((s, i) => !zip.sheets[i]?.hidden && rowsOf(s).length > 0)
  if (index < 0) index = 0
  const sheet = sheets[index]
  if (!sheet)
    return fileError(msg('berkas XLSX tidak memiliki lembar kerja', 'the XLSX file has no worksheet'))
  // SHEET_LIMITS bounded the sheet before it was read; rows without a student (a template's numbered
  // blank rows) are skipped by the roster, which counts only student rows against MAX_ROWS.
  const grid = rowsOf(sheet).map((row) => row.map(xlsxCell))
  const layout = zip.sheets[index]
  if (layout) padNumbers(grid, layout)
  return { grid, merges: layout?.merges ?? [] }
}

/**
 * A number formatted with leading zeros (`000000`) as Excel shows it ("012345": an NIS read as 12345 was
 * rewritten on re-import, or taken for another learner's).
 */
function padNumbers(grid: Cell[][], layout: SheetLayout) {
  for (const [row, column, width] of layout.padded) {
    const cells = grid[row - 1]
    const value = cells?.[column - 1]
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0)
      cells[column - 1] = String(value).padStart(width, '0')
  }
}

/**
 * A merged range's value in each of its cells, as Excel shows it (a Rombel merged down a class block was
 * empty below its first student), for the ranges that start below the header row (`headerRow`, counted from
 * 1): a Dapodik export's headers are merged down two rows and across groups ("Data Ayah"), and filled, its
 * second header row read as a student. A merge reaches no further than the grid the reader gave (bounded by
 * SHEET_LIMITS), and all merges together fill at most that many cells.
 */
function fillMerges(grid: Cell[][], merges: SheetLayout['merges'], headerRow: number) {
  const width = grid.reduce((w, cells) => Math.max(w, cells.length), 0)
  let budget = SHEET_LIMITS.cells
  for (const [top, left, bottom, right] of merges) {
    if (top <= headerRow) continue
    const value = grid[top - 1]?.[left - 1] ?? null
    if (value === null) continue
    for (let r = top; r <= Math.min(bottom, grid.length); r++)
      for (let c = left; c <= Math.min(right, width); c++) {
        if (--budget < 0) return
        grid[r - 1][c - 1] = value
      }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading one cell as a field's value (no database): the value, or the message saying what is wrong

export type Checked<T> = { value: T | null } | { error: Msg }

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u

/**
 * Text of a cell, with numbers written as Excel shows them (no thousands separators or exponent). A NUL is
 * dropped and half a surrogate pair becomes U+FFFD: debris of a broken export that PostgreSQL refuses (the
 * rows reach it as JSON), wherever in the file it lies.
 */
export function cellText(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null
  if (cell instanceof Date) return cell.toISOString().slice(0, 10)
  if (typeof cell === 'number')
    return Number.isInteger(cell) ? BigInt(Math.round(cell)).toString() : String(cell)
  return UNSTORABLE.test(cell) ? cell.replaceAll('\u0000', '').replace(/\p{Cs}/gu, '\uFFFD') : cell
}

/**
 * NISN: 10 digits. A number cell lost its leading zeros to Excel (`0071234567` → 71234567): they are
 * put back. Typed text is taken as written.
 */
export function nisnOf(cell: Cell | undefined): Checked<string> {
  if (typeof cell === 'number' && Number.isInteger(cell) && cell > 0 && cell < 1e10)
    return { value: String(cell).padStart(10, '0') }
  const text = cellText(cell)?.replace(/\s/g, '') ?? null
  if (text === null) return { value: null }
  if (!/^[0-9]{10}$/.test(text)) return { error: msg('NISN harus 10 digit angka', 'NISN must be 10 digits') }
  return { value: text }
}

/** NIS: letters, digits, `.`, `/`, `-`, as the learner form takes it; in capitals, as it is stored. */
export function nisOf(cell: Cell | undefined): Checked<string> {
  const text = cellText(cell)?.toUpperCase() ?? null
  if (text === null) return { value: null }
  if (text.length > 30) return { error: msg('maksimal 30 karakter', 'must be at most 30 characters') }
  if (!/^[A-Za-z0-9][A-Za-z0-9./-]*$/.test(text))
    return {
      error: msg(
        'hanya huruf, angka, titik, garis miring atau tanda hubung',
        'only letters, digits, dots, slashes or hyphens',
      ),
    }
  return { value: text }
}

export function textField(cell: Cell | undefined, max: number): Checked<string> {
  const text = cellText(cell)
  if (text === null) return { value: null }
  if (Array.from(text).length > max)
    return { error: msg(`maksimal ${max} karakter`, `must be at most ${max} characters`) }
  // As the forms take it (format 'line'): a control character stored here made the learner form refuse the name.
  if (!isOneLine(text)) return { error: notOfFormat('line') }
  return { value: text }
}

/** JK: `L` or `P` (also `Laki-laki` / `Perempuan`), any case. */
export function genderOf(cell: Cell | undefined): Checked<'L' | 'P'> {
  const text =
    cellText(cell)
      ?.toLowerCase()
      .replace(/[^a-z]/g, '') ?? null
  if (text === null || text === '') return { value: null }
  if (text === 'l' || text === 'lakilaki' || text === 'laki') return { value: 'L' }
  if (text === 'p' || text === 'perempuan' || text === 'wanita') return { value: 'P' }
  return { error: msg('harus L atau P', 'must be L or P') }
}

const isoDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  return date.toISOString().slice(0, 10)
}

/**
 * Tanggal Lahir: `dd/mm/yyyy` or `yyyy-mm-dd` text, an XLSX date cell, or a date's serial number (a
 * cell Excel did not format as a date); a real day between 1900-01-01 and `today`.
 */
export function birthDateOf(cell: Cell | undefined, today: string): Checked<string> {
  if (cell === null || cell === undefined) return { value: null }
  let day: string | null = null
  if (cell instanceof Date) day = cell.toISOString().slice(0, 10)
  else if (typeof cell === 'number') {
    // Excel's day 25569 is 1970-01-01 (its calendar counts a 29 February 1900 that never was).
    if (Number.isInteger(cell) && cell > 60 && cell < 2958466)
      day = new Date((cell - 25569) * 86_400_000).toISOString().slice(0, 10)
  } else {
    const dmy = cell.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/)
    const ymd = cell.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/)
    if (dmy) day = isoDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]))
    else if (ymd) day = isoDay(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]))
  }
  if (day === null)
    return {
      error: msg(
        'harus tanggal yang valid dengan format dd/mm/yyyy atau yyyy-mm-dd',
        'must be a valid date written dd/mm/yyyy or yyyy-mm-dd',
      ),
    }
  if (day < '1900-01-01' || day > today)
    return {
      error: msg(
        'harus tanggal antara 1900-01-01 dan hari ini',
        'must be a date between 1900-01-01 and today',
      ),
    }
  return { value: day }
}

/** No HP: an Indonesian mobile number; spaces, dashes and dots are dropped, a lost leading 0 put back. */
export function phoneOf(cell: Cell | undefined): Checked<string> {
  const text = cellText(cell)?.trim()
  if (!text) return { value: null }
  const number = mobileNumber(text)
  return number === null ? { error: PATTERNS.mobile.words } : { value: number }
}

export function emailOf(cell: Cell | undefined): Checked<string> {
  const text =
    cellText(cell)
      ?.replace(/^mailto:/i, '')
      .toLowerCase() ?? null
  if (text === null) return { value: null }
  if (!isEmail(text))
    return { error: msg('harus alamat e-mail yang valid', 'must be a valid e-mail address') }
  return { value: text }
}
