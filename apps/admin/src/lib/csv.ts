import Papa from 'papaparse';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number;
}

/** CSV text with a header row; papaparse quotes values holding commas, quotes or line breaks. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row))),
    },
    // Cells starting with =, +, - or @ are escaped so a spreadsheet never runs them as formulas.
    { newline: '\r\n', escapeFormulae: true },
  );
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
