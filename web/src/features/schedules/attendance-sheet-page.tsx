import { Text } from '@mantine/core'
import { useParams } from 'react-router'
import { api, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { everyPage, formatTestTime, PRINT_PAGE, PrintSheet, SheetFacts } from '../../components/print-sheet'
import classes from '../../components/print-sheet.module.css'
import { Loading } from '../../components/ui'
import { label } from '../../lib/labels'
import { useLoad } from '../../lib/use-load'
import { useSession } from '../auth/session'

type Participant =
  paths['/api/hrd/test-schedules/{id}/participants']['get']['responses']['200']['content']['application/json']['data'][number]

/**
 * Who signs in at the door: a participant still in the selection (the application in progress, as reminders and
 * check-in have it), or one HR already marked (they came). A participant who withdrew, or whose application was
 * decided, before the test keeps a row on the test's page as its history (its count "Keluar dari seleksi sebelum
 * tes"), but gets no line on the sheet.
 */
const signsIn = (p: Participant) => p.applicationStatus === 'in_progress' || p.attendanceStatus !== null

/**
 * The company the test is of: HR's own; for career-center staff (acting for a company without HR, or opening the
 * test from a link) the vacancy's company, as the staff's vacancy record names it.
 */
async function companyOf(role: string | undefined, own: string | undefined, vacancyId: number) {
  if (role === 'hrd') return own ?? null
  return unwrap(api.GET('/api/admin/job-vacancies/{id}', { params: { path: { id: vacancyId } } })).then(
    (r) => r.data.company.name,
    () => null,
  )
}

/**
 * "Daftar hadir peserta tes": the sign-in sheet of one test, printed for the door (No, Nama, NIS, Kompetensi
 * keahlian, an empty "Tanda tangan"), from the test's page ("Cetak daftar hadir"); the print dialog opens once the
 * participants are in.
 */
export function AttendanceSheetPage() {
  const id = Number(useParams().id)
  const { user } = useSession()
  const sheet = useLoad(async () => {
    const [{ data: test }, participants] = await Promise.all([
      unwrap(api.GET('/api/hrd/test-schedules/{id}', { params: { path: { id } } })),
      everyPage((page) =>
        unwrap(
          api.GET('/api/hrd/test-schedules/{id}/participants', {
            params: { path: { id }, query: { per_page: PRINT_PAGE, page } },
          }),
        ),
      ),
    ])
    const company = await companyOf(user?.role, user?.company?.name, test.vacancy.id)
    return { test, company, participants: participants.filter(signsIn) }
  }, [id])
  return (
    <PrintSheet
      back={{ to: `/hrd/jadwal/${id}`, label: 'Kembali ke jadwal tes' }}
      title="Daftar hadir peserta tes"
      // Printed by itself once there is someone to sign; a cancelled test has no door to stand at.
      ready={!!sheet.data?.participants.length && sheet.data.test.status !== 'cancelled'}
    >
      <Loading loaded={sheet}>
        {({ test, company, participants }) => (
          <>
            <SheetFacts
              name="Tes"
              facts={[
                ['Tes', `${label('testKind', test.kind)}: ${test.name}`],
                ['Lowongan', test.vacancy.title],
                ['Perusahaan', company ?? '–'],
                ['Waktu', formatTestTime(test.scheduledAt, test.durationMinutes)],
                ['Tempat', test.location],
              ]}
            />
            {test.status === 'cancelled' ? (
              <Text>Tes ini dibatalkan.</Text>
            ) : participants.length === 0 ? (
              <Text>Tidak ada peserta yang masih mengikuti seleksi.</Text>
            ) : (
              <table className={classes.table} aria-label="Daftar hadir peserta tes">
                <thead>
                  <tr>
                    <th className={classes.no}>No</th>
                    <th>Nama</th>
                    <th>NIS</th>
                    <th>Kompetensi keahlian</th>
                    <th className={classes.sign}>Tanda tangan</th>
                  </tr>
                </thead>
                <tbody>
                  {participants.map((p, i) => (
                    <tr key={p.participantId}>
                      <td className={classes.no}>{i + 1}</td>
                      <td>{p.applicant.fullName}</td>
                      <td>{p.applicant.nis}</td>
                      <td>{p.applicant.major.name}</td>
                      <td className={classes.sign} />
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Loading>
    </PrintSheet>
  )
}
