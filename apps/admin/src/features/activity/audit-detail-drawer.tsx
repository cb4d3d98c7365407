import { Badge, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditLog } from '@reelsmith/shared';
import type { ReactNode } from 'react';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { detailLabel, detailText, describeAction, outcomeStyle } from './audit-action.ts';
import { CustomerLink, severityStyle, userTypeLabel } from './activity-table.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={130} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-word' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Every field of one audit entry: time, actor, action, customer, target, IP, structured details and outcome. */
export function AuditDetailDrawer({ log, onClose }: { log: AuditLog | null; onClose: () => void }) {
  return (
    <Drawer opened={log !== null} onClose={onClose} position="right" size="lg" title="Activity details" data-testid="audit-detail">
      {log ? (
        <Stack gap="md">
          <Text fw={600} data-testid="audit-detail-sentence" style={{ wordBreak: 'break-word' }}>
            {describeAction(log)}
          </Text>
          <Table withRowBorders verticalSpacing="xs">
            <Table.Tbody>
              <Field label="Time">
                {formatDateTime(log.createdAt)} <Text span c="dimmed" size="sm">({formatRelative(log.createdAt)})</Text>
              </Field>
              <Field label="Actor">
                {log.adminUser ? (
                  <>
                    {log.adminUser.name ? <>{log.adminUser.name} · </> : null}
                    {log.adminUser.email}
                  </>
                ) : (
                  'System'
                )}{' '}
                <Text span c="dimmed" size="sm">
                  ({userTypeLabel(log.userType)})
                </Text>
              </Field>
              <Field label="Action">
                <Code>{log.action}</Code>
              </Field>
              <Field label="Outcome">
                <Group gap="xs">
                  <Badge variant="light" color={outcomeStyle[log.outcome].color}>
                    {outcomeStyle[log.outcome].label}
                  </Badge>
                  <Badge variant="light" color={severityStyle[log.severity].color}>
                    {severityStyle[log.severity].label}
                  </Badge>
                </Group>
              </Field>
              <Field label="Customer">
                <CustomerLink customer={log.customer} />
              </Field>
              <Field label="Target">{log.resourceType || log.resourceId ? `${log.resourceType ?? 'resource'} ${log.resourceId ?? ''}`.trim() : '-'}</Field>
              <Field label="IP address">
                <Text span ff="monospace" size="sm">
                  {log.ipAddress ?? '-'}
                </Text>
              </Field>
            </Table.Tbody>
          </Table>
          <Title order={3} size="h5">
            Details
          </Title>
          {Object.keys(log.details).length === 0 ? (
            <Text c="dimmed" size="sm">
              No details were recorded for this entry.
            </Text>
          ) : (
            <Table withRowBorders verticalSpacing={4} data-testid="audit-detail-fields">
              <Table.Tbody>
                {Object.entries(log.details).map(([key, value]) => (
                  <Field key={key} label={detailLabel(key)}>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {detailText(value)}
                    </Text>
                  </Field>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
