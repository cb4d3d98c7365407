import { Badge, Group, Stack, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { AuditLog, AuditSeverityName } from '@reelsmith/shared';
import {
  IconAlertCircle,
  IconAlertOctagon,
  IconAlertTriangle,
  IconDatabase,
  IconInfoCircle,
  IconLogin,
  IconMovie,
  IconSettings,
  IconUser,
  IconBolt,
  type Icon,
} from '@tabler/icons-react';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { describeAction } from './audit-action.ts';

const severityStyle: Record<AuditSeverityName, { icon: Icon; color: string; label: string }> = {
  info: { icon: IconInfoCircle, color: 'blue', label: 'Info' },
  warning: { icon: IconAlertTriangle, color: 'yellow', label: 'Warning' },
  error: { icon: IconAlertCircle, color: 'orange', label: 'Error' },
  critical: { icon: IconAlertOctagon, color: 'red', label: 'Critical' },
};

function actionIcon(action: string): Icon {
  if (action.startsWith('admin_log') || action.includes('login') || action.includes('locked')) return IconLogin;
  if (action.startsWith('user_') || action.startsWith('admin_')) return IconUser;
  if (action.startsWith('project')) return IconMovie;
  if (action.startsWith('settings') || action.startsWith('email')) return IconSettings;
  if (action.includes('export') || action.startsWith('database')) return IconDatabase;
  return IconBolt;
}

function userTypeLabel(userType: string): string {
  return userType === 'admin' ? 'Admin' : userType.charAt(0).toUpperCase() + userType.slice(1);
}

/** Spec §2 Activity Logs: severity icon, Time, User, Action, IP Address, Severity. */
export function ActivityTable({ logs }: { logs: readonly AuditLog[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <VisuallyHidden>Severity icon</VisuallyHidden>
            </Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>IP Address</Table.Th>
            <Table.Th w={110}>Severity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((log) => {
            const severity = severityStyle[log.severity];
            const ActionIcon = actionIcon(log.action);
            return (
              <Table.Tr key={log.id} data-testid="activity-row">
                <Table.Td>
                  <ThemeIcon variant="light" color={severity.color} radius="xl" size={30}>
                    <severity.icon size={17} aria-label={severity.label} />
                  </ThemeIcon>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(log.createdAt)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatRelative(log.createdAt)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {log.adminUser?.email ?? 'System'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {userTypeLabel(log.userType)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ActionIcon size={16} stroke={1.6} aria-hidden="true" />
                    <Text size="sm">{describeAction(log)}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {log.ipAddress ?? '-'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={severity.color} style={{ overflow: 'visible' }} miw="fit-content">
                    {severity.label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
