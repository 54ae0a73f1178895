import '../styles-all'
import { Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { api, unwrap } from '../api/client'
import { BarChart } from '../components/bar-chart'
import { Stat } from '../components/stat'
import { Loading, PageTitle, StatusBadge } from '../components/ui'
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../lib/format'
import { label } from '../lib/labels'
import { useLoad } from '../lib/use-load'

const STATUSES = ['pending', 'in_progress', 'accepted', 'rejected', 'withdrawn'] as const

/** The career center's front page: the figures of GET /api/admin/dashboard (this school year, this week). */
export function AdminDashboardPage() {
  const d = useLoad(() => unwrap(api.GET('/api/admin/dashboard')), [])
  return (
    <>
      <PageTitle title="Beranda BKK">
        <Button component={Link} to="/admin/laporan" size="xs" variant="light">
          Laporan
        </Button>
      </PageTitle>
      <Loading loaded={d}>
        {({ data }) => (
          <Stack>
            <Text size="sm" c="dimmed">
              {`Tahun ajaran ${data.schoolYear} · minggu ini sejak Senin, ${formatDate(data.weekStart)}`}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
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
              <Card withBorder>
                <Title order={2} size="h4" mb="sm">
                  Lamaran terbaru
                </Title>
                {data.latestApplications.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Belum ada lamaran.
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={420}>
                    <Table>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Pelamar</Table.Th>
                          <Table.Th>Lowongan</Table.Th>
                          <Table.Th>Status</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.latestApplications.map((a) => (
                          <Table.Tr key={a.id}>
                            <Table.Td>
                              <Text size="sm">{a.applicantName}</Text>
                              <Text size="xs" c="dimmed">
                                {formatDateTime(a.createdAt)}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{a.vacancyTitle}</Text>
                              <Text size="xs" c="dimmed">
                                {a.companyName}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <StatusBadge of="applicationStatus" value={a.status} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Card>
              <Card withBorder>
                <Title order={2} size="h4" mb="sm">
                  Penempatan terbaru
                </Title>
                {data.latestPlacements.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Belum ada penempatan.
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={420}>
                    <Table>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Nama</Table.Th>
                          <Table.Th>Posisi</Table.Th>
                          <Table.Th>Diterima</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.latestPlacements.map((p) => (
                          <Table.Tr key={p.id}>
                            <Table.Td>{p.fullName}</Table.Td>
                            <Table.Td>
                              <Text size="sm">{p.position}</Text>
                              <Text size="xs" c="dimmed">
                                {p.companyName}
                              </Text>
                            </Table.Td>
                            <Table.Td>{formatDate(p.acceptedAt, true)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Card>
            </SimpleGrid>
          </Stack>
        )}
      </Loading>
    </>
  )
}
