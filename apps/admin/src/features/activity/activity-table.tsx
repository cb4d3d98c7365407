import { Anchor, Badge, Group, Stack, Table, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { AuditLog, AuditSeverityName, AuditSortColumn } from '@reelsmith/shared';
import {
  IconAlertCircle,
  IconAlertOctagon,
  IconAlertTriangle,
  IconBolt,
  IconCreditCard,
  IconDatabase,
  IconInfoCircle,
  IconLogin,
  IconMovie,
  IconSettings,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { SortableTh } from '../../components/sortable-th.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import type { SortDirection } from '../../lib/list-params.ts';
import { describeAction, outcomeStyle } from './audit-action.ts';

export const severityStyle: Record<AuditSeverityName, { icon: Icon; color: string; label: string }> = {
  info: { icon: IconInfoCircle, color: 'blue', label: 'Info' },
  warning: { icon: IconAlertTriangle, color: 'yellow', label: 'Warning' },
  error: { icon: IconAlertCircle, color: 'orange', label: 'Error' },
  critical: { icon: IconAlertOctagon, color: 'red', label: 'Critical' },
};

function actionIcon(action: string): Icon {
  if (action.startsWith('admin_log') || action.includes('login') || action.includes('locked')) return IconLogin;
  if (action.startsWith('subscription')) return IconCreditCard;
  if (action.includes('export') || action.startsWith('database')) return IconDatabase;
  if (action.startsWith('user_') || action.startsWith('admin_')) return IconUser;
  if (action.startsWith('project')) return IconMovie;
  if (action.startsWith('settings') || action.startsWith('email')) return IconSettings;
  return IconBolt;
}

/** An e-mail address that wraps only before its @, never in the middle of a word. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export function userTypeLabel(userType: string): string {
  return userType === 'admin' ? 'Admin' : userType.charAt(0).toUpperCase() + userType.slice(1);
}

/** The customer an entry is about, linked to their User details when they still exist. */
export function CustomerLink({ customer, size = 'sm' }: { customer: AuditLog['customer']; size?: 'xs' | 'sm' }) {
  if (!customer) return <Text size={size} c="dimmed">-</Text>;
  const label = (
    <>
      {customer.name ? <>{customer.name} · </> : null}
      <EmailText email={customer.email} />
    </>
  );
  return customer.id ? (
    <Anchor component={Link} to={`/users/${customer.id}`} size={size} data-testid="activity-customer" onClick={(e) => e.stopPropagation()}>
      {label}
    </Anchor>
  ) : (
    <Text span size={size}>
      {label}
    </Text>
  );
}

export interface ActivitySorting {
  sort: AuditSortColumn | null;
  dir: SortDirection;
  onSort: (column: AuditSortColumn) => void;
}

/**
 * Spec §2 Activity Logs (severity icon, Time, User, Action, IP Address, Severity). Issue 21: under the
 * sentence, a refused or failed outcome and the customer (linked); a row opens its details.
 */
export function ActivityTable({ logs, sorting, onOpen }: { logs: readonly AuditLog[]; sorting: ActivitySorting; onOpen: (log: AuditLog) => void }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <VisuallyHidden>Severity icon</VisuallyHidden>
            </Table.Th>
            <SortableTh column="time" {...sorting}>
              Time
            </SortableTh>
            <SortableTh column="actor" {...sorting}>
              User
            </SortableTh>
            <SortableTh column="action" {...sorting} miw={280}>
              Action
            </SortableTh>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>IP Address</Table.Th>
            <SortableTh column="severity" {...sorting}>
              Severity
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((log) => {
            const severity = severityStyle[log.severity];
            const outcome = outcomeStyle[log.outcome];
            const ActionIcon_ = actionIcon(log.action);
            return (
              <Table.Tr key={log.id} data-testid="activity-row" onClick={() => onOpen(log)} style={{ cursor: 'pointer' }}>
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
                    <Text size="sm" maw={230}>
                      {log.adminUser ? <EmailText email={log.adminUser.email} /> : 'System'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {userTypeLabel(log.userType)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <ActionIcon_ size={16} stroke={1.6} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                    <Stack gap={2} miw={0}>
                      <UnstyledButton
                        onClick={(e) => {
                          e.stopPropagation();
                          onOpen(log);
                        }}
                        aria-haspopup="dialog"
                        title="View entry details"
                      >
                        <Text size="sm" data-testid="activity-sentence" style={{ overflowWrap: 'anywhere' }}>
                          {describeAction(log)}
                        </Text>
                      </UnstyledButton>
                      {log.outcome !== 'succeeded' ? (
                        <Badge variant="light" color={outcome.color} size="sm" w="fit-content" styles={{ label: { overflow: 'visible' } }} data-testid="activity-outcome">
                          {outcome.label}
                        </Badge>
                      ) : null}
                      {log.customer ? (
                        <Text size="xs" c="dimmed">
                          Customer: <CustomerLink customer={log.customer} size="xs" />
                        </Text>
                      ) : null}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {log.ipAddress ?? '-'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={severity.color} miw="fit-content" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
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
