import { stringify } from 'csv-stringify/sync'

/** How a column's values read in a spreadsheet. */
export type ColumnKind = 'text' | 'int' | 'percent' | 'decimal' | 'money' | 'datetime'

export interface Column<R> {
  header: string
  kind?: ColumnKind
  value: (row: R) => string | number | null
}

/** One report as a table: the first row of the file is the headers, one line per row. */
export interface Table<R> {
  title: string
  sheet: string
  columns: Column<R>[]
  rows: R[]
  /** Label / value lines describing the filters, on a second worksheet of the workbook. */
  notes: [string, string][]
}

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

export type ExportFormat = keyof typeof CONTENT_TYPES

/** A number written as text (`-12`, `+62.5`): a spreadsheet reads it as that number, never a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/

/**
 * A CSV cell that a spreadsheet would run as a formula (text starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return: a company named `=HYPERLINK(…)`) gets a leading `'`, as OWASP advises for CSV
 * injection; Excel and LibreOffice then show it as text. Numbers are left alone (a negative number is
 * not a formula), and so is text that is only a number. Every CSV the service writes goes through here.
 */
export function neutraliseCsvCell<T>(value: T): T | string {
  if (typeof value !== 'string' || !/^[=+\-@\t\r]/.test(value) || PLAIN_NUMBER.test(value)) return value
  return `'${value}`
}

/**
 * RFC 4180 CSV (comma, CRLF, quoted where needed) with a UTF-8 byte-order mark so that Excel reads
 * the names right. Empty cells for nulls; numbers with a dot; text that would be a formula neutralised.
 */
export function toCsv<R>(table: Table<R>): Buffer {
  const text = stringify(
    table.rows.map((r) => table.columns.map((c) => neutraliseCsvCell(c.value(r)))),
    {
      header: true,
      columns: table.columns.map((c) => c.header),
      bom: true,
      record_delimiter: 'windows',
      cast: { number: (n) => String(n) },
    },
  )
  return Buffer.from(text, 'utf8')
}

const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  int: '#,##0',
  percent: '0.00',
  decimal: '0.00',
  money: '#,##0',
}

/**
 * An .xlsx workbook: the table (bold, frozen header, auto-filter) and a sheet of notes. Cells are typed
 * values: exceljs writes a string as a string cell even when it starts with `=` (only `{ formula }` makes
 * a formula), so nothing a user typed becomes a formula here.
 */
export async function toXlsx<R>(table: Table<R>): Promise<Buffer> {
  // Loaded on the first download only: exceljs holds about 28 MB once imported (measured by the bench).
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  book.creator = 'bursa'
  book.created = new Date()
  const sheet = book.addWorksheet(table.sheet, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = table.columns.map((c) => ({
    header: c.header,
    width: Math.min(48, Math.max(12, c.header.length + 2)),
    style: NUMBER_FORMATS[c.kind ?? 'text'] ? { numFmt: NUMBER_FORMATS[c.kind ?? 'text'] } : {},
  }))
  for (const r of table.rows) sheet.addRow(table.columns.map((c) => c.value(r)))
  sheet.getRow(1).font = { bold: true }
  if (table.rows.length > 0)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } }

  const notes = book.addWorksheet('Keterangan')
  notes.columns = [
    { header: 'Keterangan', width: 28 },
    { header: 'Nilai', width: 70 },
  ]
  notes.addRow(['Laporan', table.title])
  for (const line of table.notes) notes.addRow(line)
  notes.getRow(1).font = { bold: true }
  return Buffer.from(await book.xlsx.writeBuffer())
}

export async function render<R>(table: Table<R>, format: ExportFormat): Promise<Buffer> {
  return format === 'csv' ? toCsv(table) : toXlsx(table)
}
