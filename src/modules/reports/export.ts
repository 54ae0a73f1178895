import type { Blob } from 'node:buffer'
import type { Stream } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import type { Cell, Feature, SheetData } from 'write-excel-file/node'
import { EXPORT_TYPES } from '../../http/openapi.js'
import { isOneLine } from '../../http/schemas.js'

type XmlHelpers = typeof import('write-excel-file/utility')

/**
 * How a column's values read in a spreadsheet. `identifier`: a code that is no number even when it is all
 * digits (NIS, NISN, a phone number, a major's code): always text, its leading zeros and `+` kept. `year`: a
 * calendar year, a plain integer (2024, never 2,024). `money`: whole rupiah, thousands grouped.
 */
export type ColumnKind = 'text' | 'identifier' | 'int' | 'year' | 'percent' | 'decimal' | 'money' | 'datetime'

export interface Column<R> {
  header: string
  /** One kind for the column, or one per row (a long table whose "Nilai" holds months and rupiah). */
  kind?: ColumnKind | ((row: R) => ColumnKind)
  value: (row: R) => string | number | null
}

const kindOf = <R>(c: Column<R>, row: R): ColumnKind =>
  (typeof c.kind === 'function' ? c.kind(row) : c.kind) ?? 'text'

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
  csv: `${EXPORT_TYPES.csv}; charset=utf-8`,
  xlsx: EXPORT_TYPES.xlsx,
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
 * An identifier's CSV cell (NIS `0045123`, phone `081234567890` or `+6281…`), written `="0045123"`: Excel,
 * LibreOffice and Google Sheets read a CSV cell as a number when it looks like one (`45123`, `81234567890`
 * shown as `8,12346E+10`, `6281…`), and give no way to say otherwise on a double click. `="…"` is a
 * formula whose whole content is one string literal (its `"` doubled), so the cell is that text and
 * nothing in it is ever evaluated: it needs no quote from `neutraliseCsvCell` (whose `'` would show, and
 * whose leaving plain numbers alone is what loses the zeros). Excel's string literals hold at most 255
 * characters and a formula is one line, so anything longer or of more than one line (never an
 * identifier) is neutralised like other text instead. Empty stays empty.
 */
export function identifierCsvCell(value: string | number | null): string | number | null {
  if (value === null || value === '') return value
  const text = String(value)
  if (text.length > 255 || !isOneLine(text)) return neutraliseCsvCell(text)
  return `="${text.replaceAll('"', '""')}"`
}

/** One cell of a CSV: an identifier kept text, anything else neutralised. */
const csvCell = <R>(c: Column<R>, row: R) =>
  kindOf(c, row) === 'identifier' ? identifierCsvCell(c.value(row)) : neutraliseCsvCell(c.value(row))

/**
 * RFC 4180 CSV (comma, CRLF, quoted where needed) with a UTF-8 byte-order mark so that Excel reads
 * the names right. Empty cells for nulls; numbers with a dot; text that would be a formula neutralised;
 * identifiers as `="…"` text.
 */
export function toCsv<R>(table: Table<R>): Buffer {
  const text = stringify(
    table.rows.map((r) => table.columns.map((c) => csvCell(c, r))),
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
  year: '0',
  percent: '0.00',
  decimal: '0.00',
  money: '#,##0',
}

/**
 * Column widths in characters: a column of short figures stays readable, and a very long name does not
 * push the rest off the screen (the cell still holds it whole).
 */
const COLUMN_WIDTH = { min: 12, max: 60 }

/** How many characters a value takes in its cell: text as written, a number in its column's format. */
function shownLength(value: string | number, kind: ColumnKind = 'text'): number {
  if (typeof value === 'string') return value.length
  if (kind === 'percent' || kind === 'decimal') return value.toFixed(2).length
  if (kind !== 'int' && kind !== 'money') return String(value).length
  const digits = String(Math.round(Math.abs(value))).length
  return digits + Math.floor((digits - 1) / 3) + (value < 0 ? 1 : 0) // 1,234,567
}

/**
 * Filter buttons on the first sheet's header row, over the table (`A1` to `lastCell`): the sheet's
 * `autoFilter`, and the hidden name `_xlnm._FilterDatabase` that Excel writes beside it, without which
 * LibreOffice shows no buttons. write-excel-file has no option for it; this is its way of adding one.
 */
function filterButtons(xml: XmlHelpers, sheet: string, lastCell: string): Feature<Stream | Buffer | Blob> {
  const absolute = (cell: string) => cell.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2')
  const range = `'${sheet.replaceAll("'", "''")}'!$A$1:${absolute(lastCell)}`
  const name = `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${xml.sanitizeTextContent(range)}</definedName>`
  return {
    files: {
      transform: {
        'xl/worksheets/sheet{id}.xml': {
          transform: (sheetXml, _options, { sheetIndex }) =>
            sheetIndex !== 0
              ? sheetXml
              : xml.insertElementMarkupAccordingToOrderOfSiblings(
                  sheetXml,
                  xml.getSelfClosingTagMarkup('autoFilter', { ref: `A1:${lastCell}` }),
                  xml.getOrderOfSiblings('xl/worksheets/sheet{id}.xml', 'worksheet') ?? [],
                  'worksheet',
                ),
        },
        'xl/workbook.xml': {
          transform: (workbookXml) => {
            const names = xml.findElement(workbookXml, 'definedNames')
            if (!names)
              return xml.insertElementMarkupAccordingToOrderOfSiblings(
                workbookXml,
                `<definedNames>${name}</definedNames>`,
                xml.getOrderOfSiblings('xl/workbook.xml', 'workbook') ?? [],
                'workbook',
              )
            return names.selfClosingTag
              ? xml.replaceElement(workbookXml, names, `<definedNames>${name}</definedNames>`)
              : xml.appendMarkupInsideElement(workbookXml, names, name)
          },
        },
      },
    },
  }
}

/**
 * An .xlsx workbook: the table (bold, frozen header, auto-filter) and a sheet of notes. Cells are typed
 * values: a string is written as a string cell even when it starts with `=` (only a cell of type
 * `'Formula'` is a formula), so nothing a user typed becomes a formula here. Written by write-excel-file
 * (loaded on the first download, with fflate its only dependency): exceljs held about 28 MB once loaded.
 */
export async function toXlsx<R>(table: Table<R>): Promise<Buffer> {
  const [{ default: writeXlsxFile }, xml] = await Promise.all([
    import('write-excel-file/node'),
    import('write-excel-file/utility'),
  ])
  const bold = (value: string): Cell => ({ value, type: String, fontWeight: 'bold' })
  const rows: SheetData = [table.columns.map((c) => bold(c.header))]
  // Each column as wide as its header or its longest value as shown, within bounds.
  const chars = table.columns.map((c) => c.header.length)
  for (const r of table.rows)
    rows.push(
      table.columns.map((c, i): Cell => {
        const value = c.value(r)
        if (value === null) return null
        const kind = kindOf(c, r)
        chars[i] = Math.max(chars[i], shownLength(value, kind))
        // An identifier is a string cell even if a number was given: Excel keeps its text as written.
        if (typeof value === 'string' || kind === 'identifier') return { value: String(value), type: String }
        const format = NUMBER_FORMATS[kind]
        return format ? { value, type: Number, format } : { value, type: Number }
      }),
    )
  const notes: SheetData = [[bold('Keterangan'), bold('Nilai')], ['Laporan', table.title], ...table.notes]
  const lastCell = xml.getCellAddress(table.rows.length, table.columns.length - 1)
  return writeXlsxFile(
    [
      {
        data: rows,
        sheet: table.sheet,
        stickyRowsCount: 1,
        columns: chars.map((n) => ({ width: Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, n + 2)) })),
      },
      { data: notes, sheet: 'Keterangan', columns: [{ width: 28 }, { width: 70 }] },
    ],
    {
      // Named, not left to the theme: the file has no theme, and LibreOffice then set the bold header in a
      // serif face beside sans-serif cells. Calibri 11 is what Excel (and exceljs, before) writes.
      fontFamily: 'Calibri',
      fontSize: 11,
      features: table.rows.length > 0 ? [filterButtons(xml, table.sheet, lastCell)] : [],
    },
  ).toBuffer()
}

export async function render<R>(table: Table<R>, format: ExportFormat): Promise<Buffer> {
  return format === 'csv' ? toCsv(table) : toXlsx(table)
}
