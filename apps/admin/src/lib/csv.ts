import { rowsToCsv, type CsvColumn as SharedCsvColumn } from '@reelsmith/shared';

export type CsvColumn<Row> = SharedCsvColumn<Row>;

/** CSV text with a header row; the one rule of packages/shared (quoting, and formula cells kept as text). */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return rowsToCsv(rows, columns);
}

/** Saves text as a file through a temporary same-origin object URL. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
