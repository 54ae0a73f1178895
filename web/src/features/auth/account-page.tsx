import { Button, Card, Group, Table, Text, Title } from '@mantine/core'
import { PageTitle } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { toastOk } from '../../lib/toast'
import { MyDataCard } from '../personal-data/my-data-card'
import { ChangePasswordForm } from './change-password-form'
import { useMe, useSession } from './session'

export function AccountPage() {
  const me = useMe()
  const { logout } = useSession()
  return (
    <>
      <PageTitle title="Akun saya" />
      <Card withBorder maw={560}>
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>Nama</Table.Th>
              <Table.Td>{me.fullName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{me.email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Peran</Table.Th>
              <Table.Td>{label('role', me.role)}</Table.Td>
            </Table.Tr>
            {me.company && (
              <Table.Tr>
                <Table.Th>Perusahaan</Table.Th>
                <Table.Td>{me.company.name}</Table.Td>
              </Table.Tr>
            )}
            {me.student && (
              <>
                <Table.Tr>
                  <Table.Th>NIS</Table.Th>
                  <Table.Td>{me.student.nis}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Kompetensi</Table.Th>
                  <Table.Td>{me.student.majorName}</Table.Td>
                </Table.Tr>
              </>
            )}
            <Table.Tr>
              <Table.Th>Masuk terakhir</Table.Th>
              <Table.Td>{formatDateTime(me.lastLoginAt)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group mt="md">
          <Button color="red" variant="light" onClick={logout}>
            Keluar
          </Button>
        </Group>
      </Card>
      <Card withBorder maw={560} mt="md" component="section" aria-labelledby="ganti-kata-sandi">
        <Title order={2} size="h4" id="ganti-kata-sandi">
          Ganti kata sandi
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Sesi Anda di perangkat lain berakhir setelah kata sandi diganti.
        </Text>
        <ChangePasswordForm
          onDone={() => toastOk('Kata sandi diganti. Sesi di perangkat lain telah diakhiri.')}
        />
      </Card>
      {(me.role === 'siswa' || me.role === 'alumni') && <MyDataCard />}
    </>
  )
}
