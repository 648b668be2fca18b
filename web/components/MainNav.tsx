/**
 * Header navigation over the route table's menu areas (market, secondary, primary, alerts, help,
 * blog and, for admins, admin). Mantine menus are keyboard-usable: Tab to a menu, Enter/ArrowDown
 * opens it, arrows move, Enter follows, Escape closes.
 */
import { Button, Group, Indicator, Menu } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { isBadgeSection, recordSectionVisit, useBadgeStore } from '../notifications/badges';
import { MENU_AREAS, menuPath, menuRoutes } from '../routes';
import type { MenuArea } from '../routing/routeDef';
import { useSession } from '../stores/session';

/** Menu label: the route title without the "Admin: " prefix, capitalised. */
export function menuLabel(title: string): string {
  const text = title.replace(/^Admin: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function areaOf(pathname: string): MenuArea | null {
  for (const { area } of MENU_AREAS) {
    if (menuRoutes(area).some((r) => pathname === menuPath(r) || pathname.startsWith(`${menuPath(r)}/`))) return area;
  }
  if (pathname.startsWith('/bw/admin')) return 'admin';
  return null;
}

/** A red dot on a menu area with active status badges (spec §3 Status badges). */
function Badged({ badges, children }: { badges: string[]; children: ReactNode }) {
  return (
    <Indicator disabled={badges.length === 0} color="red" size={8} offset={3} processing={false}>
      {children}
    </Indicator>
  );
}

export function MainNav() {
  const isAdmin = useSession((s) => s.isAdmin);
  const { pathname } = useLocation();
  const active = areaOf(pathname);
  const badgeItems = useBadgeStore((s) => s.items);
  const badgeUser = useBadgeStore((s) => s.userId);
  const badgesOf = (area: MenuArea) => badgeItems.find((i) => i.section === area)?.activeBadges ?? [];
  // Opening a section clears its "new since the last visit" badges (the server records the visit).
  // A direct open (a bookmark, a reload, an e-mail's link) renders before the badge store knows
  // the user, so the visit is recorded again once it does.
  useEffect(() => {
    if (badgeUser && isBadgeSection(active)) void recordSectionVisit(active);
  }, [active, badgeUser]);
  return (
    <Group gap={2} component="nav" aria-label="Main" data-testid="main-nav" wrap="nowrap">
      {MENU_AREAS.filter((a) => !a.adminOnly || isAdmin).map(({ area, label }) => {
        const routes = menuRoutes(area);
        if (routes.length === 1 && area !== 'admin') {
          const only = routes[0]!;
          return (
            <Badged key={area} badges={badgesOf(area)}>
              <Button
                key={area}
                component={Link}
                to={menuPath(only)}
                variant={active === area ? 'light' : 'subtle'}
                color={active === area ? 'orange' : 'gray'}
                size="compact-sm"
                data-testid={`nav-${area}`}
                data-badges={badgesOf(area).join(' ') || undefined}
              >
                {label}
              </Button>
            </Badged>
          );
        }
        return (
          <Menu
            key={area}
            trigger="click-hover"
            openDelay={80}
            closeDelay={120}
            position="bottom-start"
            offset={2}
            shadow="md"
            withinPortal
          >
            <Menu.Target>
              <Button
                variant={active === area ? 'light' : 'subtle'}
                color={active === area ? 'orange' : 'gray'}
                size="compact-sm"
                data-testid={`nav-${area}`}
                data-badges={badgesOf(area).join(' ') || undefined}
                rightSection={badgesOf(area).length > 0 ? <Indicator color="red" size={8} position="middle-center" inline /> : undefined}
              >
                {label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah="80vh" style={{ overflowY: 'auto' }}>
              {area === 'admin' && (
                <Menu.Item component={Link} to="/bw/admin" data-testid="nav-item-/bw/admin">
                  Admin home
                </Menu.Item>
              )}
              {routes.map((route) => (
                <Menu.Item key={route.path} component={Link} to={menuPath(route)} data-testid={`nav-item-${menuPath(route)}`}>
                  {menuLabel(route.title)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
