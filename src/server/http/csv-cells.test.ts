import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from './csv-cells.js';

describe('spreadsheetSafe', () => {
  it('neutralises a formula at the start of a cell', () => {
    expect(spreadsheetSafe('=HYPERLINK("http://evil")')).toBe(`'=HYPERLINK("http://evil")`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(spreadsheetSafe(`${start}1+1`)).toBe(`'${start}1+1`);
  });

  it('neutralises one after any separator a spreadsheet may split on, spaces included', () => {
    expect(spreadsheetSafe("Acme;=cmd|' /C calc'!A0")).toBe("Acme;'=cmd|' /C calc'!A0");
    expect(spreadsheetSafe('Acme, =1+1')).toBe("Acme, '=1+1");
    expect(spreadsheetSafe('a\t@SUM(A1)')).toBe("a\t'@SUM(A1)");
    expect(spreadsheetSafe('x|=1;+2')).toBe("x|'=1;'+2");
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Acme Inc.',
      'Smith-Jones',
      'a@b.ca',
      '2026-11-24',
      'Layout 1 Front: 64 ppi; Layout 2 Back: 90 ppi',
      '',
    ]) {
      expect(spreadsheetSafe(text)).toBe(text);
    }
  });
});
