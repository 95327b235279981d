import { describe, expect, it } from 'vitest';
import { HttpListExport } from '../../infrastructure/http/HttpListExport';

describe('HttpListExport', () => {
  const exports = new HttpListExport();

  it('addresses a list’s CSV by its kind with the list’s filters and order, every page', () => {
    expect(exports.address('orders', 'status=paid&sort=-total&page=3')).toBe('/api/orders?status=paid&sort=-total&format=csv');
    expect(exports.address('quotations', '')).toBe('/api/quotations?format=csv');
    expect(exports.address('receipts', 'action=bank-in&branch_id=4')).toBe('/api/receipts?action=bank-in&branch_id=4&format=csv');
  });

  it('asks for another format when told', () => {
    expect(exports.address('orders', 'q=Chan', 'xlsx')).toBe('/api/orders?q=Chan&format=xlsx');
  });
});
