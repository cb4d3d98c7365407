import { describe, expect, it } from 'vitest';
import { csvCell, rowsToCsv, toCsvText } from './csv.ts';

describe('csvCell', () => {
  it('neutralises every formula start, quoted so the prefix survives', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}cmd|' /C calc'!A0`)).toBe(`"'${start}cmd|' /C calc'!A0"`);
    }
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('leaves numbers (even negative) as numbers and plain text as is', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('jane@example.com')).toBe('jane@example.com');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('<script>alert(1)</script> 🎬 مرحبا')).toBe('<script>alert(1)</script> 🎬 مرحبا');
  });
});

describe('toCsvText / rowsToCsv', () => {
  it('writes a header and CRLF lines', () => {
    expect(toCsvText(['A', 'B'], [[1, 'x'], [2, null]])).toBe('A,B\r\n1,x\r\n2,');
    expect(rowsToCsv([{ n: '@me' }], [{ header: 'Name', value: (r) => r.n }])).toBe(`Name\r\n"'@me"`);
    expect(toCsvText(['Only'], [])).toBe('Only');
  });
});
