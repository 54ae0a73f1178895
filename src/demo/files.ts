/**
 * The demo's stored files: every learner's CV (and some certificates) and the decision letters of
 * the accepted, as small real PDFs, with the rows that describe them. Also the learners' derived
 * details (NIS, NISN, birth date, phone) that the CVs print and `seed.ts` stores.
 */
import type { FileCategory, files } from '../db/schema/index.js'
import { newStorageKey } from '../modules/files/upload.js'
import { emailOf, HR_OF, LEARNERS, type Learner, MAJORS } from './cast.js'
import type { DemoClock } from './clock.js'
import { pdfDocument } from './pdf.js'
import type { Cycle } from './story.js'
import { vacancies } from './vacancies.js'

export const SCHOOL = 'SMK Karya Bangsa Bekasi'
const MONTHS = 'Januari Februari Maret April Mei Juni Juli Agustus September Oktober November Desember'.split(
  ' ',
)
const longDate = (d: string) => `${Number(d.slice(8))} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
export const finalScore = ([p, i, m]: number[]) => Math.round((0.3 * p + 0.4 * i + 0.3 * m) * 100) / 100

/** Derived details of a learner: graduation year, birth date, NIS, NISN, phone. */
export function profileOf(l: Learner, i: number, c: DemoClock) {
  const gradYear = c.startYear + 1 - l.cohort
  const birthYear = gradYear - (Number(l.born.slice(0, 2)) > 6 ? 19 : 18)
  const entry = gradYear - 3
  const majorNo = MAJORS.findIndex((m) => m.code === l.major) + 1
  const digits = (seed: number, n: number) =>
    String((seed * 7_919_011 + 12_345_678) % 10 ** n).padStart(n, '0')
  return {
    gradYear,
    nis: `${entry % 100}${(entry + 1) % 100}10${majorNo}${String(i + 1).padStart(3, '0')}`,
    nisn: `0${String(birthYear).slice(2)}${digits(i + 3, 7)}`,
    birthDate: `${birthYear}-${l.born}`,
    phone: `08${['12', '13', '21', '52', '57', '77', '78', '95', '81'][i % 9]}${digits(i + 11, 8)}`,
  }
}

export interface StoredFile {
  key: string
  bytes: Buffer
  row: Omit<typeof files.$inferInsert, 'studentId' | 'uploadedBy' | 'storageKey' | 'size' | 'mimeType'>
  learner: string
  uploader: string
}

/** The CV (and for some a certificate) of every learner with an account. */
export function portfolioFiles(c: DemoClock): StoredFile[] {
  return LEARNERS.flatMap((l, i) => {
    if (l.account === false) return []
    const p = profileOf(l, i, c)
    const major = MAJORS.find((m) => m.code === l.major)!.name
    const at = l.cohort === 2 ? c.longAgo(310, 20) : c.ago(68, 20)
    const cv: StoredFile = {
      key: newStorageKey('portfolio'),
      bytes: pdfDocument(`Curriculum Vitae - ${l.name}`, [
        `Tempat, tanggal lahir: ${l.birthPlace}, ${longDate(p.birthDate)}`,
        `Alamat: ${l.address}, ${l.city}, ${l.province}`,
        `Telepon: ${p.phone}    E-mail: ${emailOf(l)}`,
        '',
        `Pendidikan: ${SCHOOL}, kompetensi keahlian ${major}`,
        l.cohort === 0 ? `Kelas ${l.className} (lulus ${p.gradYear})` : `Lulus tahun ${p.gradYear}`,
        `Keahlian: ${l.skills.join(', ')}`,
        ...(l.summary ? ['', l.summary] : []),
      ]),
      row: {
        category: 'cv',
        title: `Curriculum Vitae - ${l.name}`,
        originalName: `cv-${slug(l.name)}.pdf`,
        createdAt: at,
      },
      learner: l.key,
      uploader: emailOf(l),
    }
    const award = l.key === 'andi'
    const certificate =
      award || l.key === 'siti' || i % 3 === 0
        ? {
            category: (award ? 'award' : 'certificate') as FileCategory,
            title: award
              ? 'Piagam Juara 2 LKS Otomotif Tingkat Kota'
              : l.key === 'siti'
                ? 'Sertifikat Kompetensi Junior Web Developer (BNSP)'
                : `Sertifikat Uji Kompetensi Keahlian ${l.major}`,
          }
        : null
    if (!certificate) return [cv]
    return [
      cv,
      {
        key: newStorageKey('portfolio'),
        bytes: pdfDocument(certificate.title, [
          `Diberikan kepada ${l.name}`,
          SCHOOL,
          `Kompetensi keahlian ${major}`,
        ]),
        row: {
          ...certificate,
          originalName: `${slug(certificate.title)}.pdf`,
          createdAt: new Date(at.getTime() + 600_000),
        },
        learner: l.key,
        uploader: emailOf(l),
      },
    ]
  })
}

/** The decision letter of every accepted applicant whose result was published. */
export function letters(c: DemoClock, cycles: Cycle[], hrName: (company: string) => string): StoredFile[] {
  const byKey = new Map(LEARNERS.map((l) => [l.key, l]))
  const all = vacancies(c)
  return cycles.flatMap((cycle) => {
    const vacancy = all.find((v) => v.title === cycle.vacancy)!
    return cycle.applicants.flatMap((a) => {
      if (a.result?.decision !== 'diterima' || !cycle.publishedAt || !cycle.scoredAt) return []
      const l = byKey.get(a.who)!
      const start = cycle.startDate?.(l)
      return [
        {
          key: newStorageKey('letters'),
          bytes: pdfDocument('Surat Keputusan Hasil Seleksi', [
            `${vacancy.company}`,
            '',
            `Kepada Yth. ${l.name}`,
            `Berdasarkan hasil seleksi, Saudara/i dinyatakan DITERIMA sebagai ${vacancy.position}`,
            `(lowongan "${vacancy.title}").`,
            ...(start ? [`Mulai bekerja: ${longDate(start)}.`] : []),
            '',
            `${vacancy.city}, ${longDate(c.date(cycle.scoredAt))}`,
            hrName(vacancy.company),
          ]),
          row: {
            category: 'decision_letter' as const,
            title: `Surat keputusan seleksi: ${vacancy.title}`,
            originalName: `surat-keputusan-${slug(l.name)}.pdf`,
            createdAt: cycle.scoredAt,
          },
          learner: l.key,
          uploader: HR_OF[vacancy.company],
        },
      ]
    })
  })
}
