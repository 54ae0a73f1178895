/** The alumni's tracer-study answers: every career status, two cohorts, one answer changed once. */
import type { CareerStatus, JobFit } from '../db/schema/index.js'
import type { TracerInput } from '../modules/tracer-study/service.js'
import { ASTRA } from './cast.js'
import { type DemoClock, monthsBetween } from './clock.js'

export interface TracerPlan {
  who: string
  submittedAt: Date
  answer: TracerInput
}

/**
 * Tracer-study answers of alumni across the four career statuses (the demo alumna is looking for
 * work); Putri Ayu changed hers once. Waiting periods count from the graduation day (5 May).
 */
export function tracerAnswers(
  c: DemoClock,
  placementStart: (who: string) => string | undefined,
): TracerPlan[] {
  const graduated = (cohort: 1 | 2) => `${c.startYear + 1 - cohort}-05-05`
  const notAfterToday = (d: string) => (d < c.today ? d : c.today)
  const work = (
    who: string,
    cohort: 1 | 2,
    submittedAt: Date,
    status: Extract<CareerStatus, 'bekerja' | 'wirausaha'>,
    place: [institution: string, jobTitle: string | null, sector: string, city: string, province: string],
    salary: number,
    fit: JobFit,
    start: string,
  ): TracerPlan => ({
    who,
    submittedAt,
    answer: {
      career_status: status,
      institution_name: place[0],
      job_title: place[1],
      sector: place[2],
      city: place[3],
      province: place[4],
      starting_salary: salary,
      waiting_period_months: monthsBetween(graduated(cohort), start),
      job_fit: fit,
      start_date: start,
    },
  })
  const joko = placementStart('joko') ?? c.date(c.longAgo(256))
  return [
    { who: 'siti', submittedAt: c.ago(21, 20), answer: { career_status: 'mencari_kerja' } },
    { who: 'lestari', submittedAt: c.ago(15, 9), answer: { career_status: 'mencari_kerja' } },
    work(
      'arif',
      1,
      c.ago(40, 19),
      'bekerja',
      ['Bengkel Mobil Sumber Rejeki', 'Mekanik', 'Otomotif', 'Bekasi', 'Jawa Barat'],
      3_800_000,
      'sesuai',
      c.date(c.ago(60)),
    ),
    work(
      'fitri',
      1,
      c.ago(25, 13),
      'bekerja',
      ['KSP Mitra Usaha Sejahtera', 'Staf Administrasi Keuangan', 'Jasa Keuangan', 'Bekasi', 'Jawa Barat'],
      3_500_000,
      'sangat_sesuai',
      c.date(c.ago(65)),
    ),
    work(
      'aditya',
      1,
      c.ago(1, 20),
      'bekerja',
      [
        'Toko Elektronik Jaya Abadi',
        'Teknisi Servis Elektronik',
        'Perdagangan',
        'Jakarta Timur',
        'DKI Jakarta',
      ],
      3_200_000,
      'sesuai',
      c.date(c.ago(5)),
    ),
    work(
      'iqbal',
      1,
      c.ago(18, 21),
      'wirausaha',
      ['Iqbal Digital Printing dan Jasa Web', 'Pemilik', 'Teknologi Informasi', 'Bekasi', 'Jawa Barat'],
      3_000_000,
      'sesuai',
      c.date(c.ago(55)),
    ),
    {
      who: 'wahyu',
      submittedAt: c.ago(30, 10),
      answer: {
        career_status: 'lanjut_studi',
        institution_name: 'Politeknik Negeri Jakarta',
        city: 'Depok',
        province: 'Jawa Barat',
        start_date: notAfterToday(`${c.startYear}-08-25`),
        job_fit: 'sesuai',
      },
    },
    work(
      'joko',
      2,
      c.longAgo(200, 19),
      'bekerja',
      [ASTRA, 'Mekanik', 'Otomotif', 'Jakarta Utara', 'DKI Jakarta'],
      4_700_000,
      'sangat_sesuai',
      joko,
    ),
    work(
      'taufik',
      2,
      c.longAgo(150, 20),
      'wirausaha',
      ['Bengkel Las dan Modifikasi Taufik', 'Pemilik', 'Otomotif', 'Bekasi', 'Jawa Barat'],
      2_500_000,
      'kurang_sesuai',
      c.date(c.longAgo(240)),
    ),
    work(
      'sri',
      2,
      c.longAgo(120, 10),
      'bekerja',
      ['Kantor Notaris Ratna Sari, S.H.', 'Staf Administrasi', 'Jasa Hukum', 'Bekasi', 'Jawa Barat'],
      3_000_000,
      'sangat_sesuai',
      `${c.startYear - 1}-09-15`,
    ),
    { who: 'putri', submittedAt: c.longAgo(330, 20), answer: { career_status: 'mencari_kerja' } },
    {
      who: 'putri',
      submittedAt: c.longAgo(250, 19),
      answer: {
        career_status: 'lanjut_studi',
        institution_name: 'Universitas Gunadarma',
        city: 'Depok',
        province: 'Jawa Barat',
        start_date: `${c.startYear - 1}-09-08`,
        job_fit: 'sesuai',
      },
    },
  ]
}
