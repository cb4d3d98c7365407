import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

interface Row {
  name: string;
  count: number;
}

const columns = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Count', value: (row: Row) => row.count },
];

describe('toCsv', () => {
  it('writes a header row and one line per row', () => {
    expect(toCsv([{ name: 'Voiceover', count: 3 }], columns)).toBe('Name,Count\r\nVoiceover,3');
  });

  it('quotes a value with a comma and doubles an embedded quote', () => {
    const csv = toCsv([{ name: 'Script, "draft" & scenes', count: 1 }], columns);
    expect(csv).toBe('Name,Count\r\n"Script, ""draft"" & scenes",1');
    // And it reads back to the same values.
    expect(Papa.parse<string[]>(csv).data).toEqual([
      ['Name', 'Count'],
      ['Script, "draft" & scenes', '1'],
    ]);
  });

  it('neutralises spreadsheet formulas', () => {
    expect(toCsv([{ name: '=SUM(A1)', count: 0 }], columns)).toBe(`Name,Count\r\n"'=SUM(A1)",0`);
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([], columns).trimEnd()).toBe('Name,Count');
  });
});
