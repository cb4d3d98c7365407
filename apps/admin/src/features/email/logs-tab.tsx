import { Badge, Button, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { EMAIL_LOG_SORT_COLUMNS, EMAIL_LOGS_PAGE_SIZE, emailSendStatuses, type EmailLog, type EmailSendStatus } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconEye } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { TablePanel } from '../../components/table-panel.tsx';
import { SortableTh } from '../../components/sortable-th.tsx';
import { sortInput } from '../../lib/list-params.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { LogDateRange, type DayRange } from './log-date-range.tsx';
import { LogDetailsDialog } from './log-details-dialog.tsx';
import { emailBreakPieces, recipientName, sentDateCell, shortError, statusColor, statusLabel, templateOrType } from './log-rules.ts';

const isoDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
// The Logs tab's state in the URL (issue 21), beside the screen's `tab`.
const listSpec = { sortColumns: EMAIL_LOG_SORT_COLUMNS, filters: { status: emailSendStatuses, from: isoDay, to: isoDay } };

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
  const [params, update, setParams] = useListParams(listSpec);
  const { page, search } = params;
  const status = (params.filters.status || 'all') as EmailSendStatus | 'all';
  const range: DayRange = params.filters.from && params.filters.to ? { start: params.filters.from, end: params.filters.to } : null;
  const [viewing, setViewing] = useState<EmailLog | null>(null);
  const logs = useQuery({
    ...trpc.admin.email.logs.list.queryOptions({
      page,
      limit: EMAIL_LOGS_PAGE_SIZE,
      ...(search ? { search } : {}),
      ...(status !== 'all' ? { status } : {}),
      ...(range ? { startDate: range.start, endDate: range.end } : {}),
      ...sortInput(params),
    }),
    placeholderData: keepPreviousData,
  });
  const sorting = { sort: params.sort, dir: params.dir, onSort: (column: (typeof EMAIL_LOG_SORT_COLUMNS)[number]) => update({ sortBy: column }) };
  const rows = logs.data?.logs ?? [];

  return (
    <>
      <Group mb="md" gap="sm" align="flex-start">
        <SearchBox key={search} initial={search} placeholder="Search by email or subject..." onSearch={(text) => update({ search: text })} />
        <Select
          aria-label="Status"
          data={statusOptions}
          value={status}
          onChange={(value) => update({ filter: ['status', value ?? 'all'] })}
          allowDeselect={false}
          w={160}
        />
        <LogDateRange
          value={range}
          onApply={(next) => setParams({ ...params, page: 1, filters: { ...params.filters, from: next?.start ?? '', to: next?.end ?? '' } })}
        />
      </Group>
      <FetchError error={logs.error} message="Failed to fetch logs" />
      <TablePanel
        loading={logs.isPending}
        empty={rows.length === 0}
        emptyText="No logs found"
        footer={logs.data ? <PagedFooter page={page} pageSize={EMAIL_LOGS_PAGE_SIZE} total={logs.data.total} noun="logs" onPageChange={(p) => update({ page: p })} hideWhenSinglePage /> : null}
      >
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <SortableTh column="recipient" {...sorting}>
                  Recipient Email
                </SortableTh>
                <SortableTh column="type" {...sorting}>
                  Template / Type
                </SortableTh>
                <SortableTh column="status" {...sorting}>
                  Status
                </SortableTh>
                <SortableTh column="sent" {...sorting}>
                  Sent Date &amp; Time
                </SortableTh>
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
