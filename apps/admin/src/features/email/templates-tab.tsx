import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { EMAIL_TEMPLATES_PAGE_SIZE, type EmailTemplate } from '@reelsmith/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconEdit, IconEye, IconPlus, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FetchError } from '../../components/fetch-error.tsx';
import { PagedFooter } from '../../components/paged-footer.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDate } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { SendTestDialog } from './send-test-dialog.tsx';
import { TemplateDialog } from './template-dialog.tsx';
import { TemplateViewDialog } from './template-view-dialog.tsx';

const columns = ['Template Name', 'Subject', 'Status', 'Last Updated', 'Actions'];

/** Spec §2 Templates tab: search, the table (5 placeholder rows while loading), paging past 20. */
export function TemplatesTab({ canManage }: { canManage: boolean }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ template: EmailTemplate | null } | null>(null);
  const [sendingTest, setSendingTest] = useState(false);
  const [viewing, setViewing] = useState<EmailTemplate | null>(null);
  const list = useQuery({
    ...trpc.admin.email.templates.list.queryOptions({ page, limit: EMAIL_TEMPLATES_PAGE_SIZE, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.templates ?? [];

  return (
    <>
      <Group mb="md" gap="sm" align="flex-start">
        <SearchBox
          placeholder="Search by name or subject..."
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        {canManage ? (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconSend size={16} aria-hidden="true" />} onClick={() => setSendingTest(true)}>
              Send Test Email
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing({ template: null })}>
              Add Template
            </Button>
          </Group>
        ) : null}
      </Group>
      <FetchError error={list.error} message="Failed to fetch templates" />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody aria-busy={list.isPending}>
              {list.isPending
                ? Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={`placeholder-${i}`} data-testid="template-placeholder-row">
                      {columns.map((c) => (
                        <Table.Td key={c}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text fw={600} size="sm">
                            {t.name}
                          </Text>
                          {t.description ? (
                            <Text size="xs" c="dimmed" lineClamp={2}>
                              {t.description}
                            </Text>
                          ) : null}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{t.subject}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={t.isActive ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} miw={80}>
                          {t.isActive ? 'Active' : 'Inactive'}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatDate(t.updatedAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {canManage ? (
                          <Button size="xs" variant="light" leftSection={<IconEdit size={14} aria-hidden="true" />} aria-label={`Edit ${t.name}`} onClick={() => setEditing({ template: t })}>
                            Edit
                          </Button>
                        ) : (
                          // Support reads templates (docs/decisions.md "Admin roles") but cannot change them.
                          <Button size="xs" variant="light" leftSection={<IconEye size={14} aria-hidden="true" />} aria-label={`View ${t.name}`} onClick={() => setViewing(t)}>
                            View
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!list.isPending && rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No templates found
          </Text>
        ) : null}
        {list.data ? (
          <PagedFooter page={page} pageSize={EMAIL_TEMPLATES_PAGE_SIZE} total={list.data.total} noun="templates" onPageChange={setPage} hideWhenSinglePage />
        ) : null}
      </Paper>
      <TemplateDialog opened={editing !== null} template={editing?.template ?? null} onClose={() => setEditing(null)} />
      <SendTestDialog opened={sendingTest} onClose={() => setSendingTest(false)} />
      <TemplateViewDialog template={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
