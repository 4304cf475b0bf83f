import { describe, expect, it } from 'vitest';
import { felSerieNumber, invoiceKey, isFelAuthorization, isValidInvoiceNumber, isValidInvoiceSerie } from './fel.ts';

describe('FEL invoices (shared/data/gt-labour-tax.json, fel)', () => {
  it('derives the serie and the number from the authorization UUID, past a 32-bit integer', () => {
    expect(felSerieNumber('D412A347-9720-44C0-A9CC-FDE068F0A2E7')).toEqual({ serie: 'D412A347', number: '2535474368' });
    expect(felSerieNumber(' d412a347-9720-44c0-a9cc-fde068f0a2e7 ')).toEqual({
      serie: 'D412A347',
      number: '2535474368',
    });
    expect(felSerieNumber('00000000-FFFF-FFFF-0000-000000000000')).toEqual({ serie: '00000000', number: '4294967295' });
    expect(felSerieNumber('D412A347-9720-44C0-A9CC')).toBeNull();
    expect(felSerieNumber('G412A347-9720-44C0-A9CC-FDE068F0A2E7')).toBeNull();
    expect(isFelAuthorization('D412A347972044C0A9CCFDE068F0A2E7')).toBe(false);
  });

  it('keys an invoice without case, spaces, hyphens or leading zeros', () => {
    const paper = invoiceKey({ issuerNit: '1234567-1', serie: 'a 1', number: '003411' });
    expect(paper).toBe(invoiceKey({ issuerNit: '12345671', serie: 'A1', number: '3411' }));
    expect(paper).not.toBe(invoiceKey({ issuerNit: '12345671', serie: 'A1', number: '34110' }));
    expect(invoiceKey({ issuerNit: '0012345671', serie: 'A', number: '000' })).toBe('paper:12345671:A:0');
    const fel = invoiceKey({ issuerNit: '12345671', authorization: 'd412a347-9720-44c0-a9cc-fde068f0a2e7' });
    expect(fel).toBe(invoiceKey({ issuerNit: '1234567-1', authorization: 'D412A347-9720-44C0-A9CC-FDE068F0A2E7' }));
    // A FEL invoice and a paper one never share a key, even with the derived serie and number.
    expect(fel).not.toBe(invoiceKey({ issuerNit: '12345671', serie: 'D412A347', number: '2535474368' }));
  });

  it('accepts the series and numbers invoices carry, and nothing else', () => {
    for (const serie of ['D412A347', 'A', 'FAC-01', 'b2']) expect(isValidInvoiceSerie(serie), serie).toBe(true);
    for (const serie of ['', '-A', 'A-', 'A/1', 'Ñ1', 'A'.repeat(21)])
      expect(isValidInvoiceSerie(serie), serie).toBe(false);
    for (const number of ['1', '003411', '2535474368']) expect(isValidInvoiceNumber(number), number).toBe(true);
    for (const number of ['', '12a', '-1', '1.5', '1'.repeat(21)])
      expect(isValidInvoiceNumber(number), number).toBe(false);
  });
});
