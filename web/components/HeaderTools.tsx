/** Right side of the header: colour scheme, fullscreen and the account menu (with "Contact support": the vendor widget or the built-in form). */
import { ActionIcon, Button, Group, Menu, Tooltip, useMantineColorScheme } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { toggleFullscreen } from '../shell/shortcuts';
import { useSession } from '../stores/session';
import { openSupportWidget, useSupportWidgetStore } from '../support/supportWidget';
import { ContactSupportDialog } from './ContactSupport';
import { menuPath, menuRoutes } from '../routes';

const iconProps = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;
const MoonIcon = () => (
  <svg {...iconProps}>
    <path d="M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454z" />
  </svg>
);
const SunIcon = () => (
  <svg {...iconProps}>
    <circle cx="12" cy="12" r="4" />
    <path d="M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7" />
  </svg>
);
const FullscreenIcon = () => (
  <svg {...iconProps}>
    <path d="M4 8v-2a2 2 0 0 1 2 -2h2M4 16v2a2 2 0 0 0 2 2h2M16 4h2a2 2 0 0 1 2 2v2M16 20h2a2 2 0 0 0 2 -2v-2" />
  </svg>
);

export function HeaderTools() {
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const username = useSession((s) => s.username);
  const [supportOpen, setSupportOpen] = useState(false);
  const widget = useSupportWidgetStore((s) => s.state);
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Dark mode (Ctrl+D)">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={toggleColorScheme}
          aria-label="Toggle dark mode"
          data-testid="dark-mode-toggle"
          data-scheme={colorScheme}
        >
          {colorScheme === 'dark' ? <MoonIcon /> : <SunIcon />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Fullscreen (\)">
        <ActionIcon variant="subtle" color="gray" onClick={() => toggleFullscreen()} aria-label="Toggle fullscreen">
          <FullscreenIcon />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" offset={2} shadow="md">
        <Menu.Target>
          <Button variant="subtle" color="gray" size="compact-sm" data-testid="user-menu">
            {username ?? 'Account'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {menuRoutes('account').map((route) => (
            <Menu.Item key={route.path} component={Link} to={menuPath(route)} data-testid={`nav-item-${menuPath(route)}`}>
              {route.title}
            </Menu.Item>
          ))}
          {/* The vendor's messenger when it is up (feature `intercom`), otherwise the built-in form. */}
          <Menu.Item
            onClick={() => {
              if (!openSupportWidget()) setSupportOpen(true);
            }}
            data-testid="contact-support-open"
            data-widget={widget}
          >
            Contact support
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ContactSupportDialog opened={supportOpen} onClose={() => setSupportOpen(false)} />
    </Group>
  );
}
