import { Button, VisuallyHidden } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { downloadTextFile } from '../../lib/csv.ts';

export function ExportCsvButton({ label, fileName, csv }: { label: string; fileName: string; csv: (() => string) | null }) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileDownload size={16} aria-hidden="true" />}
      disabled={!csv}
      onClick={() => {
        if (csv) downloadTextFile(fileName, csv());
      }}
    >
      {/* Named by its hidden text, not aria-label: a name the visible 'Export CSV' is no part of fails WCAG 2.5.3. */}
      <VisuallyHidden>{label}</VisuallyHidden>
      <span aria-hidden="true">Export CSV</span>
    </Button>
  );
}
