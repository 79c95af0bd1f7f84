import { describe, expect, it } from 'vitest';
import { csvField } from './progress-csv.ts';

/** Splits one CSV line as a spreadsheet would with `separator`, honouring double quotes. */
function cells(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === separator) {
      out.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  out.push(cell);
  return out;
}

const FORMULA_START = /^[=+\-@\t\r\n＝＋－＠]/;

describe('csvField (OWASP CSV injection)', () => {
  const hostile = [
    '=HYPERLINK("http://evil.example","x")',
    '+1+cmd|/C calc!A0',
    '-2+3',
    '@SUM(1,2)',
    '\t=1+1',
    '\r=1+1',
    '  =1+1',
    '＝1+1',
    'Physics;=cmd|/C calc!A0',
    'Physics,=cmd|/C calc!A0',
    'Physics;@SUM(A1)',
    'a"b;=1',
  ];

  it.each(hostile)('no cell of %j starts a formula, split by , or ;', (text) => {
    const field = csvField(text);
    for (const separator of [',', ';']) {
      for (const cell of cells(field, separator)) {
        expect(cell.trimStart()).not.toMatch(FORMULA_START);
      }
      expect(cells(field, separator)).toHaveLength(1);
    }
  });

  it('keeps the text readable: a prefix apostrophe, quotes doubled', () => {
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('a"b;=1')).toBe(`"a""b;=1"`);
    expect(csvField('Gravity')).toBe('"Gravity"');
    expect(csvField(3)).toBe('3');
    expect(csvField(null)).toBe('');
  });
});
