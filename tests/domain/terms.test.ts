import { describe, expect, it } from 'vitest';
import { termApplies, termsFor } from '../../domain/documents/terms';

describe('order terms by kind of document', () => {
  it('applies a term to its own kind or to both', () => {
    expect(termApplies('both', 'order')).toBe(true);
    expect(termApplies('order', 'order')).toBe(true);
    expect(termApplies('quotation', 'order')).toBe(false);
    expect(termApplies('quotation', 'quotation')).toBe(true);
  });

  it('keeps the copies on a document that apply to it, by their own scope or else by the term of the same titles', () => {
    const known = [
      { titleEn: 'Payment', titleZh: '付款', appliesTo: 'both' as const },
      { titleEn: 'Service warranty', titleZh: '服務保養', appliesTo: 'quotation' as const },
    ];
    const copies = [
      { titleEn: 'Payment', titleZh: '付款' },
      { titleEn: 'Service warranty', titleZh: '服務保養' },
      { titleEn: 'Deleted since', titleZh: '已刪除' },
      { titleEn: 'Quote only', titleZh: '只限報價', appliesTo: 'quotation' as const },
    ];
    expect(termsFor(copies, 'order', known).map((t) => t.titleEn)).toEqual(['Payment', 'Deleted since']);
    expect(termsFor(copies, 'quotation', known).map((t) => t.titleEn)).toEqual(['Payment', 'Service warranty', 'Deleted since', 'Quote only']);
  });
});
