import { pageSetting } from './page-setting'

// The school whose bursa this is (`SCHOOL_NAME`: "SMKN 1 Bekasi"), as the server writes it into the page
// (src/http/web.ts); none when the school did not set it, and the client says "SMK" as it always did. Read when
// asked (one meta tag), not once at load.

const META = 'bursa-school'

/** The school's name, '' when unset; a leading "BKK" the school wrote is left to the wording around it. */
export function schoolName(): string {
  return pageSetting(META).replace(/^BKK\s+/i, '')
}

/** The career center as the header names it: "BKK SMKN 1 Bekasi" ("BKK SMK" unset). */
export const bkkName = () => `BKK ${schoolName() || 'SMK'}`

/** Who issues a printed sheet: "Bursa Kerja Khusus (BKK) SMKN 1 Bekasi" ("… (BKK) SMK" unset). */
export const issuerName = () => `Bursa Kerja Khusus (BKK) ${schoolName() || 'SMK'}`

/** The browser tab's title: "Lamaran saya · BKK SMKN 1 Bekasi" ("Lamaran saya · bursa" unset). */
export const tabTitle = (title: string) => `${title} · ${schoolName() ? bkkName() : 'bursa'}`
