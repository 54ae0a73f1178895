import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll } from 'vitest'

/**
 * Downloads opened as a reader opens them: in LibreOffice Calc (`soffice --headless`, Debian's
 * `libreoffice-calc`). A missing soffice is a missing prerequisite: the test fails and says how to install it.
 */
export const SOFFICE = process.env.SOFFICE_PATH ?? 'soffice'

/**
 * One LibreOffice profile per test file, made on first use (a fresh one per call costs seconds) and removed
 * after the file's tests.
 */
let profile: string | null = null
afterAll(() => {
  if (profile) rmSync(profile, { recursive: true, force: true })
  profile = null
})

/** `soffice --headless --convert-to <to>` of `bytes` saved as `name`, in a folder removed afterwards. */
function converted(bytes: Buffer, name: string, to: string, args: string[] = []): Buffer {
  profile ??= mkdtempSync(join(tmpdir(), 'bursa-office-profile-'))
  const dir = mkdtempSync(join(tmpdir(), 'bursa-office-'))
  try {
    const file = join(dir, name)
    writeFileSync(file, bytes)
    try {
      execFileSync(
        SOFFICE,
        [
          `-env:UserInstallation=file://${profile}`,
          '--headless',
          ...args,
          '--convert-to',
          to,
          '--outdir',
          join(dir, 'out'),
          file,
        ],
        { stdio: 'ignore', timeout: 90_000 },
      )
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT')
        throw new Error(
          `LibreOffice (${SOFFICE}, or SOFFICE_PATH) is missing; these tests open downloads in it. Install it: apt-get update && apt-get install -y libreoffice-calc`,
        )
      throw e
    }
    const ext = to.split(':')[0]
    return readFileSync(join(dir, 'out', name.replace(/\.[^.]+$/, `.${ext}`)))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * What a reader sees when they open a downloaded CSV in a spreadsheet: Calc opens it (UTF-8, comma, as a
 * double click with these settings does) and saves it as XLSX, which exceljs reads back. Each cell comes
 * back as the spreadsheet typed it (a number, a date or text); a formula cell as what it shows (its result).
 */
export async function openedInCalc(csv: Buffer): Promise<unknown[][]> {
  const xlsx = converted(csv, 'download.csv', 'xlsx', ['--infilter=CSV:44,34,76,1'])
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(xlsx as unknown as ArrayBuffer)
  return book.worksheets[0]
    .getSheetValues()
    .slice(1)
    .map((r) =>
      (r as unknown[])
        .slice(1)
        .map((v) => (v && typeof v === 'object' && 'result' in v ? (v as { result: unknown }).result : v)),
    )
}

/**
 * A downloaded workbook's first sheet as a reader sees it on screen: Calc opens the XLSX and saves it as CSV
 * with each cell's text as shown (its number format applied, en-US separators).
 */
export function shownInCalc(xlsx: Buffer): string[][] {
  const csv = converted(
    xlsx,
    'download.xlsx',
    'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true',
  )
  return parse(csv, { relax_column_count: true }) as string[][]
}
