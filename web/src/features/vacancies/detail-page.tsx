import { Alert, Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { Link, useParams } from 'react-router'
import { api, unwrap } from '../../api/client'
import { DetailHeader } from '../../components/detail-header'
import { StatusBadge } from '../../components/status-badge'
import { Loading } from '../../components/ui'
import { formatDate, formatSalaryRange } from '../../lib/format'
import { label } from '../../lib/labels'
import { useLoad } from '../../lib/use-load'
import { ApplyModal } from '../applications/apply-modal'

/** A vacancy as a learner reads it: what, where, for whom, and whether (or why not) they may apply. */
export function VacancyDetailPage() {
  const id = Number(useParams().id)
  const [applying, setApplying] = useState(false)
  const v = useLoad(() => unwrap(api.GET('/api/job-vacancies/{id}', { params: { path: { id } } })), [id])
  return (
    <Loading loaded={v}>
      {({ data: d }) => (
        <Stack>
          <DetailHeader back={{ to: '/lowongan', label: 'Semua lowongan' }} title={d.title}>
            <Text>{d.company.name}</Text>
          </DetailHeader>
          <Card withBorder>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Fact name="Posisi">{d.position}</Fact>
              <Fact name="Jenis">
                {label('jobType', d.jobType)} · {label('category', d.category)}
              </Fact>
              <Fact name="Lokasi">
                {[d.workLocation, d.city, d.province].filter(Boolean).join(', ') || '–'}
              </Fact>
              <Fact name="Gaji">{formatSalaryRange(d.minSalary, d.maxSalary)}</Fact>
              <Fact name="Kuota">
                {d.quotaLeft} tersisa dari {d.quota}
              </Fact>
              <Fact name="Batas lamaran">{formatDate(d.deadline)}</Fact>
              <Fact name="Untuk">
                {label('target', d.target)} · {d.majors.map((m) => m.name).join(', ')}
              </Fact>
            </SimpleGrid>
          </Card>
          {d.application && (
            // An application the school withdrew (recorded as having left school, then put back) lets them
            // apply again: it shows as the earlier one.
            <Alert color="blue" title={d.canApply ? 'Lamaran Anda sebelumnya' : 'Anda sudah melamar'}>
              Status: <StatusBadge of="applicationStatus" value={d.application.status} />{' '}
              <Anchor component={Link} to={`/lamaran/${d.application.id}`}>
                Lihat lamaran
              </Anchor>
              {d.canApply && ' · Anda dapat melamar lagi.'}
            </Alert>
          )}
          {d.canApply ? (
            <Group>
              <Button onClick={() => setApplying(true)}>Lamar sekarang</Button>
            </Group>
          ) : d.application ? null : (
            <Alert color="yellow" title="Mengapa saya belum bisa melamar?">
              <List size="sm">
                {d.reasons.map((r) => (
                  <List.Item key={r}>{r}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Section title="Deskripsi" text={d.description} />
          <Section title="Kualifikasi" text={d.qualifications} />
          {d.benefits && <Section title="Fasilitas dan tunjangan" text={d.benefits} />}
          {d.company.description && (
            <Section title={`Tentang ${d.company.name}`} text={d.company.description} />
          )}
          {applying && <ApplyModal vacancyId={d.id} onClose={() => setApplying(false)} />}
        </Stack>
      )}
    </Loading>
  )
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <b>{name}:</b> {children}
    </Text>
  )
}

function Section({ title, text }: { title: string; text: string }) {
  return (
    <section>
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </section>
  )
}
