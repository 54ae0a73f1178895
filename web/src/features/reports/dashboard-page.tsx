import '../../styles-all'
import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { api, unwrap } from '../../api/client'
import { BarChart } from '../../components/bar-chart'
import { Lines, TableView } from '../../components/data-table'
import { LinkButton } from '../../components/link-button'
import { Stat } from '../../components/stat'
import { StatusBadge } from '../../components/status-badge'
import { Loading, PageTitle } from '../../components/ui'
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../../lib/format'
import { label } from '../../lib/labels'
import { useLoad } from '../../lib/use-load'

const STATUSES = ['pending', 'in_progress', 'accepted', 'rejected', 'withdrawn'] as const

/** A card of the latest records: a heading and a short table (or what is missing). */
function Latest({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  )
}

/** The career center's front page: the figures of GET /api/admin/dashboard (this school year, this week). */
export function AdminDashboardPage() {
  const d = useLoad(() => unwrap(api.GET('/api/admin/dashboard')), [])
  return (
    <>
      <PageTitle title="Beranda BKK">
        <LinkButton to="/admin/laporan" variant="light">
          Laporan
        </LinkButton>
      </PageTitle>
      <Loading loaded={d}>
        {({ data }) => (
          <Stack>
            <Text size="sm" c="dimmed">
              {`Tahun ajaran ${data.schoolYear} · minggu ini sejak Senin, ${formatDate(data.weekStart)}`}
            </Text>
            {(data.emails.failing > 0 || data.emails.failedLast7Days > 0) && (
              <Alert color="yellow" role="alert" title="Pengiriman e-mail bermasalah">
                {`${formatNumber(data.emails.failedLast7Days)} e-mail tidak terkirim dalam 7 hari terakhir; ${formatNumber(data.emails.failing)} sedang dicoba lagi setelah gagal. Undangan tes dan tautan kata sandi mungkin tidak sampai: minta pengelola server memeriksa pengaturan e-mail (SMTP). Pemberitahuan di aplikasi tetap terkirim.`}
              </Alert>
            )}
            {/* Nine figures: three rows of three on a wide screen (in four columns the ninth stood alone). */}
            <SimpleGrid cols={{ base: 2, md: 3 }}>
              <Stat
                name="Lowongan terbuka"
                value={formatNumber(data.vacancies.open)}
                hint={`${formatNumber(data.vacancies.active)} lowongan aktif`}
              />
              <Stat
                name="Perusahaan mitra aktif"
                value={formatNumber(data.companies.active)}
                hint={`dari ${formatNumber(data.companies.total)} perusahaan`}
                to="/admin/perusahaan"
              />
              <Stat
                name="Lamaran tahun ajaran ini"
                value={formatNumber(data.applications.total)}
                hint={`${formatNumber(data.applications.byStatus.accepted)} diterima`}
              />
              <Stat name="Tes minggu ini" value={formatNumber(data.testsThisWeek)} />
              <Stat
                name="Kehadiran menunggu validasi"
                value={formatNumber(data.attendanceAwaitingValidation)}
                to="/admin/kehadiran"
              />
              <Stat name="Penempatan tahun ajaran ini" value={formatNumber(data.placementsThisSchoolYear)} />
              <Stat
                name="Respons tracer study"
                value={formatPercent(data.tracerStudy.responseRate, 2)}
                hint={`${formatNumber(data.tracerStudy.respondents)} dari ${formatNumber(data.tracerStudy.alumni)} alumni`}
                to="/admin/laporan?report=tracer-study"
              />
              <Stat
                name="Lamaran diproses"
                value={formatNumber(data.applications.byStatus.in_progress)}
                hint={`${formatNumber(data.applications.byStatus.pending)} menunggu seleksi berkas`}
                to="/admin/seleksi"
              />
              <Stat
                name="E-mail tertunda"
                value={data.emails.enabled ? formatNumber(data.emails.waiting) : 'Nonaktif'}
                hint={
                  data.emails.enabled
                    ? `${formatNumber(data.emails.failedLast7Days)} gagal dalam 7 hari terakhir`
                    : 'E-mail belum diatur; pemberitahuan hanya di aplikasi'
                }
              />
            </SimpleGrid>
            <Card withBorder>
              <BarChart
                title="Lamaran tahun ajaran ini per status"
                series={[{ key: 'count', label: 'Lamaran', color: 'var(--mantine-color-blue-6)' }]}
                items={STATUSES.map((s) => ({
                  label: label('applicationStatus', s),
                  values: { count: data.applications.byStatus[s] },
                }))}
                format={formatNumber}
              />
            </Card>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Latest title="Lamaran terbaru">
                <TableView
                  rows={data.latestApplications}
                  empty="Belum ada lamaran."
                  minWidth={420}
                  striped={false}
                  columns={[
                    {
                      label: 'Pelamar',
                      render: (a) => <Lines main={a.applicantName} sub={formatDateTime(a.createdAt)} />,
                    },
                    {
                      label: 'Lowongan',
                      render: (a) => <Lines main={a.vacancyTitle} sub={a.companyName} />,
                    },
                    {
                      label: 'Status',
                      render: (a) => <StatusBadge of="applicationStatus" value={a.status} />,
                    },
                  ]}
                />
              </Latest>
              <Latest title="Penempatan terbaru">
                <TableView
                  rows={data.latestPlacements}
                  empty="Belum ada penempatan."
                  minWidth={420}
                  striped={false}
                  columns={[
                    { label: 'Nama', render: (p) => p.fullName },
                    {
                      label: 'Posisi',
                      render: (p) => <Lines main={p.position} sub={p.companyName} />,
                    },
                    { label: 'Diterima', render: (p) => formatDate(p.acceptedAt, true) },
                  ]}
                />
              </Latest>
            </SimpleGrid>
          </Stack>
        )}
      </Loading>
    </>
  )
}
