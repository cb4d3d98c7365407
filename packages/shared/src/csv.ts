// CSV (RFC 4180) for the back-office exports, written on the server and in the browser alike.

export type CsvValue = string | number | boolean | null | undefined;

/** Text a spreadsheet would run as a formula (or a DDE call): it starts with = + - @, a tab or a carriage return. */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell: formula-like text is prefixed with ' (and quoted) so it stays text; quotes, commas and line breaks are quoted. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (formulaStart.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A header line and one line per row, CRLF between lines. */
export function toCsvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((line) => line.map(csvCell).join(',')).join('\r\n');
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** CSV of rows through named columns. */
export function rowsToCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return toCsvText(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
}
