import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { api, unwrap } from '../../api/client'
import { LinkButton } from '../../components/link-button'
import { Stat } from '../../components/stat'
import { Loading, PageTitle } from '../../components/ui'
import { formatNumber } from '../../lib/format'
import { useLoad } from '../../lib/use-load'

/**
 * HR's front page: the company's vacancies and applicants in figures, and each vacancy's quota. "Lowongan dibuka"
 * counts what learners can see and apply to; those switched on but waiting for (or refused) the career center's
 * approval are named under it.
 */
export function HrdHomePage() {
  const s = useLoad(() => unwrap(api.GET('/api/hrd/job-vacancies/statistics')), [])
  return (
    <>
      <PageTitle title="Beranda HRD">
        <LinkButton to="/hrd/lowongan/baru">Buat lowongan</LinkButton>
      </PageTitle>
      <Loading loaded={s}>
        {({ data: d }) => (
          <Stack>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Stat
                name="Lowongan dibuka"
                value={formatNumber(d.vacancies.active)}
                hint={[
                  `${d.vacancies.total} total`,
                  d.vacancies.pendingApproval > 0 &&
                    `${d.vacancies.pendingApproval} menunggu persetujuan BKK`,
                  d.vacancies.approvalRejected > 0 && `${d.vacancies.approvalRejected} ditolak BKK`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <Stat
                name="Pelamar"
                value={formatNumber(d.applicants.total)}
                hint={`${d.applicants.pending} menunggu seleksi berkas`}
              />
              <Stat name="Dalam proses" value={formatNumber(d.applicants.in_progress)} />
              <Stat
                name="Kuota terisi"
                value={`${formatNumber(d.quota.filled)} / ${formatNumber(d.quota.total)}`}
                hint={`${d.applicants.accepted} diterima`}
              />
            </SimpleGrid>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Per lowongan
              </Title>
              {d.perVacancy.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Belum ada lowongan.
                </Text>
              ) : (
                <Stack gap="sm">
                  {d.perVacancy.map((v) => (
                    <div key={v.id}>
                      <Group justify="space-between" gap="xs">
                        <Anchor component={Link} to={`/hrd/pelamar?job_vacancy_id=${v.id}`} size="sm">
                          {v.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {v.applicants} pelamar · terisi {v.filled}/{v.quota}
                        </Text>
                      </Group>
                      <Progress
                        value={v.quota ? Math.min(100, (v.filled / v.quota) * 100) : 0}
                        aria-label={`Kuota ${v.title} terisi ${v.filled} dari ${v.quota}`}
                      />
                    </div>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        )}
      </Loading>
    </>
  )
}
