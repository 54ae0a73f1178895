import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { api, unwrap } from '../../api/client'
import { useFromList } from '../../components/detail-header'
import { Loading, Pager, PageTitle, pastLastPage } from '../../components/ui'
import { formatDate, formatSalaryRange } from '../../lib/format'
import { label } from '../../lib/labels'
import { useUrlFilters } from '../../lib/url-state'
import { useLoad } from '../../lib/use-load'

// The student's first screen: part of the main bundle so its first load needs no second script. Its
// filters are native selects (lighter than the other lists' FilterBar, and better on phones).
const VACANCY_KEYS = ['search', 'company_id', 'job_type', 'city'] as const

export function VacancyListPage() {
  const fromList = useFromList()
  const f = useUrlFilters(VACANCY_KEYS)
  const [search, setSearch] = useState(f.get('search'))
  useEffect(() => setSearch(f.get('search')), [f.get])
  const options = useLoad(() => unwrap(api.GET('/api/job-vacancies/options')), [])
  const list = useLoad(
    () => unwrap(api.GET('/api/job-vacancies', { params: { query: f.query as never } })),
    [f.key],
  )
  const o = options.data?.data
  const selects = [
    {
      name: 'company_id' as const,
      label: 'Perusahaan',
      all: 'Semua perusahaan',
      span: { base: 12, sm: 4, md: 3 },
      options: (o?.companies ?? []).map((c) => ({ value: String(c.value), label: c.label })),
    },
    {
      name: 'job_type' as const,
      label: 'Jenis pekerjaan',
      all: 'Semua jenis',
      span: { base: 6, sm: 4, md: 2 },
      options: (o?.jobTypes ?? []).map((c) => ({
        value: String(c.value),
        label: label('jobType', String(c.value)),
      })),
    },
    {
      name: 'city' as const,
      label: 'Kota',
      all: 'Semua kota',
      span: { base: 6, sm: 4, md: 2 },
      options: [...new Set((o?.locations ?? []).map((l) => l.city).filter((c): c is string => !!c))],
    },
  ]
  return (
    <>
      <PageTitle title="Lowongan untuk Anda" />
      <form
        onSubmit={(e) => {
          e.preventDefault()
          f.set({ search })
        }}
        aria-label="Saring daftar"
      >
        <Grid mb="md" align="flex-end">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput
              label="Cari lowongan"
              placeholder="Judul, posisi, perusahaan"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          </Grid.Col>
          {selects.map((x) => (
            <Grid.Col key={x.name} span={x.span}>
              <NativeSelect
                label={x.label}
                data={[{ value: '', label: x.all }, ...x.options]}
                value={f.get(x.name)}
                onChange={(e) => f.set({ [x.name]: e.currentTarget.value })}
              />
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, md: 1 }}>
            <Button type="submit" fullWidth>
              Cari
            </Button>
          </Grid.Col>
        </Grid>
      </form>
      <Loading
        loaded={list}
        empty={(d) => d.data.length === 0 && !pastLastPage(d.meta)}
        emptyText="Belum ada lowongan yang terbuka untuk Anda dengan saringan ini."
      >
        {(d) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {d.data.map((v) => (
              <Card key={v.id} withBorder padding="md" component="article">
                <Stack gap={6} h="100%">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Anchor component={Link} to={`/lowongan/${v.id}`} state={fromList} fw={600}>
                      {v.title}
                    </Anchor>
                    {v.hasApplied && (
                      // Never squeezed by a long title (it was cut to "SUDAH …" on a 360 px phone).
                      <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                        Sudah melamar
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{v.company.name}</Text>
                  <Text size="sm" c="dimmed">
                    {label('jobType', v.jobType)} ·{' '}
                    {[v.city, v.province].filter(Boolean).join(', ') || 'Lokasi belum ada'}
                  </Text>
                  <Text size="sm">{formatSalaryRange(v.minSalary, v.maxSalary)}</Text>
                  <Text size="xs" c="dimmed" mt="auto">
                    Sisa kuota {v.quotaLeft} dari {v.quota} · ditutup {formatDate(v.deadline)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Loading>
      <Pager meta={list.data?.meta} onPage={f.setPage} />
    </>
  )
}
