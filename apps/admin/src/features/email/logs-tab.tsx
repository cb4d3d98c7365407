import { Badge, Button, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { EMAIL_LOGS_PAGE_SIZE, emailSendStatuses, type EmailLog, type EmailSendStatus } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconEye } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { LogDateRange, type DayRange } from './log-date-range.tsx';
import { LogDetailsDialog } from './log-details-dialog.tsx';
import { emailBreakPieces, recipientName, sentDateCell, shortError, statusColor, statusLabel, templateOrType } from './log-rules.ts';

const statusOptions = [{ value: 'all', label: 'All Status' }, ...emailSendStatuses.map((s) => ({ value: s, label: statusLabel[s] }))];

function LogRow({ log, onView }: { log: EmailLog; onView: () => void }) {
  const name = recipientName(log);
  const sent = sentDateCell(log);
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" miw={160} style={{ overflowWrap: 'anywhere' }} title={log.recipientEmail} data-testid="log-recipient">
            {/* Breaks after '@' and before dots; overflow-wrap only when a piece alone is wider than the cell. */}
            {emailBreakPieces(log.recipientEmail).map((piece, i) => (
              <Fragment key={i}>
                {i > 0 ? <wbr /> : null}
                {piece}
              </Fragment>
            ))}
          </Text>
          {name ? (
            <Text size="xs" c="dimmed">
              {name}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {templateOrType(log)}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {log.subject}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td style={{ minWidth: 104 }}>
        <Badge color={statusColor[log.sendStatus]} variant="light">
          {statusLabel[log.sendStatus]}
        </Badge>
      </Table.Td>
      <Table.Td miw={150}>
        <Stack gap={2}>
          <Text size="sm">{sent.text}</Text>
          {sent.note ? (
            <Text size="xs" c="dimmed">
              {sent.note}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td maw={200}>
        {log.errorMessage ? (
          <Tooltip label={log.errorMessage} multiline w={320}>
            <Text size="sm" c="red" truncate>
              {shortError(log.errorMessage)}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm">-</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" leftSection={<IconEye size={14} aria-hidden="true" />} onClick={onView} style={{ whiteSpace: 'nowrap' }}>
          View Details
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Spec §2 Logs tab: search, status, the day range, the table and the details dialog. */
export function LogsTab() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<EmailSendStatus | 'all'>('all');
  const [range, setRange] = useState<DayRange>(null);
  const [viewing, setViewing] = useState<EmailLog | null>(null);
  const logs = useQuery({
    ...trpc.admin.email.logs.list.queryOptions({
      page,
      limit: EMAIL_LOGS_PAGE_SIZE,
      ...(search ? { search } : {}),
      ...(status !== 'all' ? { status } : {}),
      ...(range ? { startDate: range.start, endDate: range.end } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const rows = logs.data?.logs ?? [];

  return (
    <>
      <Group mb="md" gap="sm" align="flex-start">
        <SearchBox
          placeholder="Search by email or subject..."
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <Select
          aria-label="Status"
          data={statusOptions}
          value={status}
          onChange={(value) => {
            setStatus((value ?? 'all') as EmailSendStatus | 'all');
            setPage(1);
          }}
          allowDeselect={false}
          w={160}
        />
        <LogDateRange
          value={range}
          onApply={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
      </Group>
      <FetchError error={logs.error} message="Failed to fetch logs" />
      <TablePanel
        loading={logs.isPending}
        empty={rows.length === 0}
        emptyText="No logs found"
        footer={logs.data ? <PagedFooter page={page} pageSize={EMAIL_LOGS_PAGE_SIZE} total={logs.data.total} noun="logs" onPageChange={setPage} hideWhenSinglePage /> : null}
      >
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Recipient Email</Table.Th>
                <Table.Th>Template / Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Sent Date &amp; Time</Table.Th>
                <Table.Th>Error Message</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((log) => (
                <LogRow key={log.id} log={log} onView={() => setViewing(log)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </TablePanel>
      <LogDetailsDialog log={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
