import { Card, Text, Title } from '@mantine/core'
import { AsyncButton } from '../../components/async-button'
import { fetchCopy } from './download'

/** The account page's section for a student or an alumnus: "Unduh data saya". */
export function MyDataCard() {
  return (
    <Card withBorder maw={560} mt="md" component="section" aria-labelledby="data-saya">
      <Title order={2} size="h4" id="data-saya">
        Data pribadi saya
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Salinan semua data Anda yang disimpan BKK di aplikasi ini (profil, akun, berkas, lamaran, tes, hasil
        seleksi, penempatan, tracer study, notifikasi dan riwayat perubahannya) dalam satu berkas JSON, sesuai
        hak Anda menurut UU Pelindungan Data Pribadi. Isi berkas portofolio diunduh masing-masing dari halaman
        Portofolio.
      </Text>
      <AsyncButton variant="light" onClick={() => fetchCopy('/api/my-data')}>
        Unduh data saya
      </AsyncButton>
    </Card>
  )
}
