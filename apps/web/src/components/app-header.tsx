import { ActionIcon, Avatar, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Logo } from '@reelsmith/ui';
import { IconChevronDown, IconFolders, IconLogout, IconPlus, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { displayName, initials, type CurrentUserResponse } from '../features/auth/current-user.ts';
import { useOpenProjects } from '../features/projects/use-open-projects.ts';
import { useStartProject } from '../features/projects/use-start-project.ts';
import { brand } from '../lib/brand.ts';
import { serverRoutes } from '../lib/server-routes.ts';
import { HeaderBar, headerClasses } from './header-bar.tsx';

/** The signed-in header: Projects, Create, Pricing and the account menu (spec §2 'Top navigation'). */
export function AppHeader({ user }: { user: CurrentUserResponse }) {
  const openProjects = useOpenProjects();
  const startProject = useStartProject();
  const name = displayName(user);

  return (
    <HeaderBar>
      <Group gap="sm" wrap="nowrap">
        <Logo to="/" />
        <Text size="sm" c="dimmed" className={headerClasses.tagline} visibleFrom="lg">
          {brand.tagline}
        </Text>
      </Group>
      <Group component="nav" aria-label="Main" gap={6} wrap="nowrap">
        {/* Phones get icon buttons (named by aria-label) so the bar never overflows. */}
        <Button variant="subtle" color="gray" size="sm" px="xs" leftSection={<IconFolders size={18} aria-hidden />} onClick={openProjects} visibleFrom="sm">
          Projects
        </Button>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={openProjects} aria-label="Projects" hiddenFrom="sm">
          <IconFolders size={20} aria-hidden />
        </ActionIcon>
        <Button size="sm" px="sm" leftSection={<IconPlus size={18} aria-hidden />} onClick={startProject} visibleFrom="sm">
          Create
        </Button>
        <ActionIcon size="lg" onClick={startProject} aria-label="Create" hiddenFrom="sm">
          <IconPlus size={20} aria-hidden />
        </ActionIcon>
        <Button component={Link} to="/pricing" variant="subtle" color="gray" size="sm" px="xs" visibleFrom="sm">
          Pricing
        </Button>
        <Menu position="bottom-end" width={220} shadow="md">
          <Menu.Target>
            {/* Named by its hidden text rather than aria-label, so the initials shown are no label the name lacks (WCAG 2.5.3). */}
            <UnstyledButton>
              <VisuallyHidden>Account menu for {name}</VisuallyHidden>
              <Group gap={4} wrap="nowrap" aria-hidden>
                <Avatar src={user.profileImageUrl} alt="" color="reel" radius="xl" size={36}>
                  {initials(user)}
                </Avatar>
                <IconChevronDown size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{name}</Menu.Label>
            <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
              My Profile
            </Menu.Item>
            <Menu.Item component="a" href={serverRoutes.signOut} leftSection={<IconLogout size={16} aria-hidden />}>
              Sign Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </HeaderBar>
  );
}
