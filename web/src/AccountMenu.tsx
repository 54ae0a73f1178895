import './styles-all'
import { Menu, UnstyledButton } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The account menu of the header: own account and logout (loaded apart from the first screen). */
export default function AccountMenu({ name, onLogout }: { name: ReactNode; onLogout: () => Promise<void> }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Menu akun" fz="sm" maw={180} miw={0}>
          {name}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/akun">
          Akun saya
        </Menu.Item>
        <Menu.Item color="red" onClick={onLogout}>
          Keluar
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
