/** The fixed choices of the portfolio forms. Values are stored; their labels live in src/vocabulary. */
import type { Lang } from '../../http/i18n.js'
import { codesOf, optionsOf } from '../../vocabulary/index.js'

export const PORTFOLIO_CATEGORIES = ['certificate', 'award', 'cv', 'transcript', 'other'] as const
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number]

export const GENDERS = codesOf('gender')
/** The six religions of the Indonesian civil registry, plus the recognised native faiths. */
export const RELIGIONS = codesOf('religion')

/** Suggestions only: a learner may type any skill. Drawn from the school's competency programmes. */
const SKILLS = [
  'Microsoft Office',
  'Komunikasi',
  'Kerja sama tim',
  'Bahasa Inggris',
  'Pelayanan pelanggan',
  'Jaringan komputer',
  'Mikrotik',
  'Cisco',
  'Instalasi fiber optik',
  'Perakitan komputer',
  'Linux',
  'HTML & CSS',
  'JavaScript',
  'TypeScript',
  'PHP',
  'Laravel',
  'React',
  'SQL',
  'Desain grafis',
  'Adobe Photoshop',
  'CorelDRAW',
  'Servis berkala kendaraan',
  'Sistem rem',
  'Kelistrikan otomotif',
  'Engine tune-up',
  'Las (welding)',
  'AutoCAD',
  'Akuntansi dasar',
  'MYOB / Accurate',
  'Perpajakan',
  'Administrasi perkantoran',
  'Kasir',
]

/** The form's choices, labelled in the caller's language (src/vocabulary). */
export function portfolioOptions(lang: Lang = 'id') {
  return {
    categories: optionsOf('fileCategory', lang, PORTFOLIO_CATEGORIES),
    skills: SKILLS,
    /** What a learner may say they are doing; the alumni values are the tracer study's career statuses. */
    statuses: optionsOf('learnerStatus', lang),
    genders: optionsOf('gender', lang),
    religions: optionsOf('religion', lang),
    educationLevels: optionsOf('educationLevel', lang),
  }
}
