import { Text } from '@mantine/core'
import { useSearchParams } from 'react-router'
import { api, unwrap } from '../../api/client'
import { everyPage, PRINT_PAGE, PrintSheet, SheetFacts } from '../../components/print-sheet'
import classes from '../../components/print-sheet.module.css'
import { Loading } from '../../components/ui'
import { useActingCompany } from '../../lib/acting-company'
import { formatDate } from '../../lib/format'
import { label } from '../../lib/labels'
import { useLoad } from '../../lib/use-load'
import { useSession } from '../auth/session'

const byName = (a: { applicant: { fullName: string } }, b: { applicant: { fullName: string } }) =>
  a.applicant.fullName.localeCompare(b.applicant.fullName, 'id')

/**
 * "Pengumuman hasil seleksi": the vacancy's published acceptances, to pin on the school's board, from "Hasil
 * seleksi" ("Cetak pengumuman"). Names and majors only: no score, no NIS, and no one who was not accepted (rejected,
 * on the waiting list) nor a draft: the board is read by every pupil and parent passing by, and those named are
 * mostly minors (docs/decisions.md, "Printing"). Each learner reads her own result and scores in bursa.
 */
export function AnnouncementPage() {
  const [params] = useSearchParams()
  const vacancyId = Number(params.get('job_vacancy_id'))
  const { user } = useSession()
  const acting = useActingCompany()
  const company = user?.role === 'hrd' ? user.company?.name : acting?.name
  const list = useLoad(
    () =>
      everyPage((page) =>
        unwrap(
          api.GET('/api/hrd/selection-results', {
            params: {
              query: {
                job_vacancy_id: vacancyId,
                decision: 'diterima',
                published: true,
                per_page: PRINT_PAGE,
                page,
              },
            },
          }),
        ),
      ).then((rows) => rows.filter((r) => r.isPublished && r.decision === 'diterima').sort(byName)),
    [vacancyId],
  )
  const rows = list.data ?? []
  const days = [...new Set(rows.map((r) => formatDate(r.publishedAt)))]
  const latest = rows
    .map((r) => r.publishedAt ?? '')
    .sort()
    .at(-1)
  return (
    <PrintSheet
      back={{ to: `/hrd/hasil?job_vacancy_id=${vacancyId}`, label: 'Kembali ke hasil seleksi' }}
      title="Pengumuman hasil seleksi"
      ready={rows.length > 0}
    >
      <Loading loaded={list}>
        {(accepted) =>
          accepted.length === 0 ? (
            <Text>Belum ada peserta yang diumumkan diterima pada lowongan ini.</Text>
          ) : (
            <>
              <SheetFacts
                name="Lowongan"
                facts={[
                  ['Perusahaan', company ?? '–'],
                  ['Lowongan', accepted[0].vacancy.title],
                  [days.length > 1 ? 'Terakhir diumumkan' : 'Diumumkan', formatDate(latest)],
                ]}
              />
              <Text size="sm" mb="sm">
                Peserta berikut dinyatakan <strong>{label('selectionDecision', 'diterima')}</strong> pada
                seleksi lowongan ini. Hasil dan keterangan lengkap dapat dilihat setiap peserta di akun bursa
                masing-masing.
              </Text>
              <table className={classes.table} aria-label="Peserta yang diterima">
                <thead>
                  <tr>
                    <th className={classes.no}>No</th>
                    <th>Nama</th>
                    <th>Kompetensi keahlian</th>
                    {days.length > 1 && <th>Diumumkan</th>}
                  </tr>
                </thead>
                <tbody>
                  {accepted.map((r, i) => (
                    <tr key={r.applicationId}>
                      <td className={classes.no}>{i + 1}</td>
                      <td>{r.applicant.fullName}</td>
                      <td>{r.applicant.major.name}</td>
                      {days.length > 1 && <td>{formatDate(r.publishedAt)}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )
        }
      </Loading>
    </PrintSheet>
  )
}
