import { type Msg, msg } from '../../http/i18n.js'

/*
 * The latest graduation year bursa takes (graduation, the alumni upgrade, the alumni form): the school's current
 * calendar year. A class graduates at the end of its school year, in June; from July to December the class
 * that just graduated is of this year, and from January to June the class now in grade 12 graduates this year
 * too. A later year names a June that has not come (it took "today's year + 1": a class graduated in July as
 * alumni of the next year left its school year's absorption and tracer cohorts, and its waiting periods were
 * counted from a June a year away).
 */

/** Why `year` cannot be a graduation year on the school's day `today` (`YYYY-MM-DD`), or undefined. */
export function laterGraduationYear(year: number, today: string): Msg | undefined {
  const latest = Number(today.slice(0, 4))
  if (year <= latest) return undefined
  return msg(
    `maksimal ${latest}: tahun lulus tidak boleh tahun yang belum tiba (siswa lulus di akhir tahun ajaran, bulan Juni)`,
    `must be at most ${latest}: a graduation year cannot be one still to come (a class graduates at the end of its school year, in June)`,
  )
}
