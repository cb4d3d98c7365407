import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { downloadTextFile } from '../../lib/csv.ts';

export function ExportCsvButton({ label, fileName, csv }: { label: string; fileName: string; csv: (() => string) | null }) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileDownload size={16} aria-hidden="true" />}
      disabled={!csv}
      aria-label={label}
      onClick={() => {
        if (csv) downloadTextFile(fileName, csv());
      }}
    >
      Export CSV
    </Button>
  );
}
