import { Button, VisuallyHidden } from '@mantine/core';
import type { AdminCsvExport } from '@reelsmith/shared';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { downloadTextFile } from '../lib/csv.ts';
import { notifyFailure, notifySuccess } from '../lib/notify.ts';

/**
 * Exports a whole list (its current filters and sort, every page) as CSV: the server builds the file
 * and audits the export; the browser saves it. Hidden for roles that may not export.
 */
export function ServerExportButton({ of, run, visible }: { of: string; run: () => Promise<AdminCsvExport>; visible: boolean }) {
  const exporting = useMutation({
    mutationFn: run,
    onSuccess: (file) => {
      downloadTextFile(file.fileName, file.csv);
      if (file.truncated) notifySuccess('Export cut short', `Only the first ${file.rows} rows were exported; narrow the filters for the rest.`);
    },
    onError: (error) => notifyFailure('Export failed', error, 'Failed to export CSV'),
  });
  if (!visible) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileDownload size={16} aria-hidden="true" />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate()}
    >
      {/* The name starts with the visible words (WCAG 2.5.3, so a voice command 'Export CSV' reaches it); the hidden rest says of what. */}
      Export CSV<VisuallyHidden> of {of}</VisuallyHidden>
    </Button>
  );
}
