import { describe, expect, it } from 'vitest';
import { can, fileScope, hasPermission, mayGrantAdmin, mayManage, rightsBeyond, type Actor } from '../../domain/auth/permissions';
import { commission } from '../../domain/commission/commission';
import { documentNumber, parseDocumentNumber } from '../../domain/documents/numbering';
import { holidayDates, holidaysOfYear, isHoliday } from '../../domain/hk/holidays';
import { formatHkPhone, parseHkPhone, parsePhone } from '../../domain/hk/phone';
import { pickLanguage } from '../../domain/i18n/language';
import { checkContract, checkQuotationTransition, effectiveStatus, expiryDate, isExpired, toOrder } from '../../domain/quotations/quotation';

describe('quotations', () => {
  it('expire after their valid days, counting the date as day one', () => {
    expect(expiryDate('2026-03-01', 30)).toBe('2026-03-30');
    expect(isExpired('2026-03-01', 30, '2026-03-30', 'sent')).toBe(false);
    expect(isExpired('2026-03-01', 30, '2026-03-31', 'sent')).toBe(true);
    expect(isExpired('2026-03-01', 30, '2026-12-31', 'accepted')).toBe(false);
    expect(effectiveStatus('sent', '2026-03-01', 30, '2026-04-01')).toBe('expired');
    expect(effectiveStatus('rejected', '2026-03-01', 30, '2026-04-01')).toBe('rejected');
  });

  it('move draft → sent → accepted or rejected, and back to draft for rework', () => {
    expect(checkQuotationTransition('draft', 'sent').isOk()).toBe(true);
    expect(checkQuotationTransition('sent', 'accepted').isOk()).toBe(true);
    expect(checkQuotationTransition('rejected', 'draft').isOk()).toBe(true);
    expect(checkQuotationTransition('draft', 'accepted')._unsafeUnwrapErr().code).toBe('quotationTransition');
    expect(checkQuotationTransition('accepted', 'draft').isErr()).toBe(true);
  });

  it('allow exactly the moves of the table, every pair checked', () => {
    const allowed = new Set(['draft→sent', 'sent→accepted', 'sent→rejected', 'sent→draft', 'rejected→draft', 'expired→draft']);
    const statuses = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
    for (const from of statuses) for (const to of statuses) expect(checkQuotationTransition(from, to).isOk(), `${from}→${to}`).toBe(allowed.has(`${from}→${to}`));
  });

  it('become orders only once accepted: a contract a regular order, a basic one a new order', () => {
    const quotation = { kind: 'contract' as const, status: 'accepted' as const, date: '2026-01-01', validDays: 30, lines: [{ quantity: 100, unitPrice: 50_000 }], discountRate: 500 };
    expect(toOrder(quotation)._unsafeUnwrap()).toEqual({ type: 'regular_order', lines: quotation.lines, discountRate: 500 });
    expect(toOrder({ ...quotation, kind: 'basic' })._unsafeUnwrap().type).toBe('new_order');
    expect(toOrder({ ...quotation, status: 'sent' })._unsafeUnwrapErr().code).toBe('quotationNotAccepted');
  });

  it('need a contract period that ends after it starts', () => {
    expect(checkContract({ periodStart: '2026-01-01', periodEnd: '2026-12-31', frequency: 'monthly' }).isOk()).toBe(true);
    expect(checkContract({ periodStart: '2026-12-31', periodEnd: '2026-01-01', frequency: 'monthly' })._unsafeUnwrapErr().code).toBe('contractPeriod');
  });

  it('are numbered with the prefix, the year and a sequence', () => {
    expect(documentNumber('Q', 2026, 12)).toBe('Q-2026-00012');
    expect(parseDocumentNumber('INV-2026-00042')).toEqual({ prefix: 'INV', year: 2026, sequence: 42 });
    expect(parseDocumentNumber('nope')).toBeNull();
  });
});

describe('commission', () => {
  const base = { lines: [{ amount: 60_000, categoryId: 1, productRate: null }, { amount: 40_000, categoryId: null, productRate: null }], orderTotal: 90_000, received: 45_000, voided: false, userRate: 500, categoryRates: new Map([[1, 1_000]]), basis: 'total' as const };

  it('pays the category rate on its lines and the user rate on the rest, on the order total after discount', () => {
    // total 900 shared 540 / 360 → 10% of 540 + 5% of 360 = 54 + 18
    expect(commission(base)).toBe(7_200);
  });

  it('on the received basis, pays on what has been received so far', () => {
    expect(commission({ ...base, basis: 'received' })).toBe(3_600);
    expect(commission({ ...base, basis: 'received', received: 0 })).toBe(0);
    expect(commission({ ...base, basis: 'received', received: 200_000 })).toBe(7_200);
  });

  it('pays the user rate on everything without category rates, nothing without any rate, and nothing on a void order', () => {
    expect(commission({ ...base, categoryRates: new Map() })).toBe(4_500);
    expect(commission({ ...base, categoryRates: new Map(), userRate: null })).toBe(0);
    expect(commission({ ...base, voided: true })).toBe(0);
  });

  it('pays a product’s own rate before its category’s and the salesperson’s', () => {
    // total 900 shared 540 / 360: the first line's product has 20% of its own (its category's 10% is
    // passed over) → 20% of 540 + 5% of 360 = 108 + 18; a product rate of 0% is a rate too.
    const withProductRate = (productRate: number | null) => ({ ...base, lines: [{ ...base.lines[0]!, productRate }, base.lines[1]!] });
    expect(commission(withProductRate(2_000))).toBe(12_600);
    expect(commission(withProductRate(0))).toBe(1_800);
    expect(commission(withProductRate(null))).toBe(7_200);
    // A product rate on a line without a category, with no salesperson's rate at all.
    expect(commission({ ...base, userRate: null, categoryRates: new Map(), lines: [base.lines[0]!, { ...base.lines[1]!, productRate: 1_000 }] })).toBe(3_600);
  });

  it('is exact on an order so large that base × line amount passes 2^53', () => {
    // HK$18.8M and HK$1.2M of lines at half price: the first line's share is exactly half its amount,
    // 938,271,471.5 cents, rounded up to …472; at 100% (0% on the other line) that is the commission.
    const big = { ...base, userRate: null, categoryRates: new Map<number, number>(), orderTotal: 999_999_866, received: 999_999_866, lines: [{ amount: 1_876_542_943, categoryId: null, productRate: 10_000 }, { amount: 123_456_789, categoryId: null, productRate: 0 }] };
    expect(999_999_866 * 1_876_542_943).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(commission(big)).toBe(938_271_472);
    expect(commission({ ...big, basis: 'received' })).toBe(938_271_472);
  });

  it('shares the base out over the lines so that the shares add up to it exactly (the rest to the last line)', () => {
    // 100 cents over three equal lines: 33 + 33 + 34, never 99; at 100% the commission is the whole base.
    const thirds = { ...base, lines: [1, 2, 3].map(() => ({ amount: 1_000, categoryId: null, productRate: null })), orderTotal: 100, categoryRates: new Map(), userRate: 10_000 };
    expect(commission(thirds)).toBe(100);
  });

  it('rounds once per rate, not once per line', () => {
    // Two lines with a 5-cent share each at 10%: 10% of 10 cents = 1 cent (per line it would be 1 + 1).
    const halves = { ...base, lines: [{ amount: 500, categoryId: null, productRate: null }, { amount: 500, categoryId: null, productRate: null }], orderTotal: 10, categoryRates: new Map(), userRate: 1_000 };
    expect(commission(halves)).toBe(1);
  });
});

describe('permissions', () => {
  const worker: Actor = { id: 3, branchId: 1, isAdmin: false, role: { permissions: ['appointment_view', 'client_view', 'file_view_own'] } };
  const sales: Actor = { id: 2, branchId: 1, isAdmin: false, role: { permissions: ['client_view', 'client_edit', 'file_view_branch'] } };
  const admin: Actor = { id: 1, branchId: null, isAdmin: true, role: null };

  it('checks an area action against the role, and lets is-admin do everything', () => {
    expect(can(worker, 'view', { kind: 'area', area: 'appointment' })).toBe(true);
    expect(can(worker, 'delete', { kind: 'area', area: 'client' })).toBe(false);
    expect(can(admin, 'delete', { kind: 'area', area: 'client' })).toBe(true);
    expect(can(null, 'view', { kind: 'area', area: 'client' })).toBe(false);
    expect(hasPermission(worker, 'appointment_view')).toBe(true);
  });

  it('lets files be seen by scope: all, own branch, or own uploads', () => {
    const file = (branchId: number | null, uploadedBy: number | null) => ({ kind: 'file' as const, branchId, uploadedBy });
    expect([fileScope(worker), fileScope(sales), fileScope(admin), fileScope({ isAdmin: false, role: null })]).toEqual(['own', 'branch', 'all', 'none']);
    expect(can(worker, 'view', file(1, 3))).toBe(true);
    expect(can(worker, 'view', file(1, 2))).toBe(false);
    expect(can(sales, 'view', file(1, 99))).toBe(true);
    expect(can(sales, 'view', file(2, 2))).toBe(false);
    expect(can(sales, 'view', file(null, 2))).toBe(false);
    expect(can(admin, 'view', file(9, 9))).toBe(true);
  });

  it('keeps revealing an HKID and voiding an order to their own permissions', () => {
    expect(can(sales, 'view', { kind: 'hkid' })).toBe(false);
    expect(can({ ...sales, role: { permissions: ['hkid_reveal'] } }, 'view', { kind: 'hkid' })).toBe(true);
    expect(can({ ...sales, role: { permissions: ['order_void'] } }, 'edit', { kind: 'orderVoid' })).toBe(true);
    expect(can(sales, 'edit', { kind: 'orderVoid' })).toBe(false);
  });

  it('lets a user hand out only the rights they hold, and only an administrator make an administrator', () => {
    const manager: Actor = { id: 4, branchId: 1, isAdmin: false, role: { permissions: ['user_view', 'user_edit', 'role_edit', 'client_view'] } };
    expect(rightsBeyond(manager, ['client_view', 'user_edit'])).toEqual([]);
    expect(rightsBeyond(manager, ['order_void', 'client_view', 'audit_view', 'order_void'])).toEqual(['audit_view', 'order_void']);
    expect(rightsBeyond(admin, ['order_void'])).toEqual([]);
    expect(rightsBeyond({ isAdmin: false, role: null }, ['client_view'])).toEqual(['client_view']);
    expect([mayGrantAdmin(manager), mayGrantAdmin(admin)]).toEqual([false, true]);
    expect(mayManage(manager, worker)).toBe(false); // the worker holds appointment_view, which the manager lacks
    expect(mayManage(manager, { isAdmin: false, role: { permissions: ['client_view'] } })).toBe(true);
    expect(mayManage(manager, { isAdmin: false, role: null })).toBe(true);
    expect(mayManage(manager, admin)).toBe(false);
    expect(mayManage(admin, manager)).toBe(true);
  });
});

describe('Hong Kong data', () => {
  it('reads phone numbers with or without +852, and tells landlines from mobiles', () => {
    expect(parseHkPhone('9123 4567')._unsafeUnwrap()).toEqual({ digits: '91234567', kind: 'mobile' });
    expect(parseHkPhone('+852 2345-6789')._unsafeUnwrap()).toEqual({ digits: '23456789', kind: 'landline' });
    expect(parseHkPhone('(852) 3111 2222')._unsafeUnwrap().kind).toBe('landline');
    expect(formatHkPhone(parseHkPhone('61234567')._unsafeUnwrap())).toBe('6123 4567');
    for (const bad of ['1234567', '123456789', '12345678', '+86 13800138000', 'abc']) expect(parseHkPhone(bad).isErr()).toBe(true);
  });

  it('reads Hong Kong numbers as people type them: 8 digits with or without a space, +852, 00852 or 852 before them', () => {
    for (const typed of ['91234567', '9123 4567', '9123-4567', '+852 9123 4567', '+85291234567', '(+852) 9123-4567', '00852 9123 4567', '852 9123 4567', '９１２３ ４５６７'])
      expect(parseHkPhone(typed)._unsafeUnwrap(), typed).toEqual({ digits: '91234567', kind: 'mobile' });
    expect(parseHkPhone('85212345')._unsafeUnwrap()).toEqual({ digits: '85212345', kind: 'mobile' });
    expect(parseHkPhone('3111.2222')._unsafeUnwrap().kind).toBe('landline');
    expect(parseHkPhone('800 123 456')._unsafeUnwrap()).toEqual({ digits: '800123456', kind: 'tollFree' });
    expect(formatHkPhone(parseHkPhone('+852 800-123-456')._unsafeUnwrap())).toBe('800 123 456');
    for (const bad of ['9123 456', '9123 45678', '+852 1234 5678', '+852 9123 456', '801 123 456', '9123 4567 ext 12', '']) expect(parseHkPhone(bad).isErr(), bad).toBe(true);
  });

  it('reads a contact’s phone from Hong Kong, the mainland or elsewhere, in international form', () => {
    expect(parsePhone('9123 4567')._unsafeUnwrap()).toEqual({ region: 'hk', international: '+85291234567', kind: 'mobile' });
    expect(parsePhone('+852 2345 6789')._unsafeUnwrap()).toEqual({ region: 'hk', international: '+85223456789', kind: 'landline' });
    expect(parsePhone('800 933 333')._unsafeUnwrap()).toEqual({ region: 'hk', international: '+852800933333', kind: 'tollFree' });
    // Mainland mobiles with or without +86 (or 0086, or 86), landlines with +86 or their trunk 0
    for (const typed of ['+86 138 0013 8000', '+8613800138000', '0086 138-0013-8000', '86 13800138000', '138 0013 8000', '＋８６ １３８ ００１３ ８０００'])
      expect(parsePhone(typed)._unsafeUnwrap(), typed).toEqual({ region: 'cn', international: '+8613800138000', kind: 'mobile' });
    expect(parsePhone('+86 20 1234 5678')._unsafeUnwrap()).toEqual({ region: 'cn', international: '+862012345678', kind: 'landline' });
    expect(parsePhone('+86 (0)755 8765 4321')._unsafeUnwrap()).toEqual({ region: 'cn', international: '+8675587654321', kind: 'landline' });
    expect(parsePhone('(020) 1234 5678')._unsafeUnwrap()).toEqual({ region: 'cn', international: '+862012345678', kind: 'landline' });
    expect(parsePhone('010-1234 5678')._unsafeUnwrap()).toEqual({ region: 'cn', international: '+861012345678', kind: 'landline' });
    // Elsewhere: with the country code after + or 00
    expect(parsePhone('+853 2888 1234')._unsafeUnwrap()).toEqual({ region: 'other', international: '+85328881234', kind: null });
    expect(parsePhone('+1 (415) 555-0100')._unsafeUnwrap()).toEqual({ region: 'other', international: '+14155550100', kind: null });
    expect(parsePhone('0044 20 7946 0958')._unsafeUnwrap()).toEqual({ region: 'other', international: '+442079460958', kind: null });
    for (const bad of [
      '', 'abc', '9123 456', '12345678', '9123 4567 ext 12', '+852 1234 5678', '+852 9123', // not Hong Kong numbers
      '+86 123 4567 8901', '+86 138 0013 800', '128 0013 8000', '0138 0013 8000', // not mainland numbers
      '+0 123 4567', '+44 12', '+1 234 567 890 123 456', '415 555 0100', '++852 9123 4567', '9123+4567', // not numbers of elsewhere
    ])
      expect(parsePhone(bad).isErr(), bad).toBe(true);
  });

  it('finds a year’s holidays and flags a date on one', () => {
    const list = [
      { date: '2027-01-01', nameEn: 'New Year', nameZh: '一月一日' },
      { date: '2026-12-25', nameEn: 'Christmas', nameZh: '聖誕節' },
      { date: '2026-01-01', nameEn: 'New Year', nameZh: '一月一日' },
    ];
    expect(holidaysOfYear(list, 2026).map((h) => h.date)).toEqual(['2026-01-01', '2026-12-25']);
    expect(isHoliday('2026-12-25', holidayDates(list))).toBe(true);
    expect(isHoliday('2026-12-24', holidayDates(list))).toBe(false);
  });

  it('picks the interface language from what the browser asks for, zh-HK by default', () => {
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(pickLanguage('zh-Hant-HK,zh;q=0.9,en;q=0.8')).toBe('zh-HK');
    expect(pickLanguage('fr-FR,en;q=0.5')).toBe('en');
    expect(pickLanguage('fr-FR')).toBe('zh-HK');
    expect(pickLanguage(null)).toBe('zh-HK');
    expect(pickLanguage('en;q=0.4,zh;q=0.8')).toBe('zh-HK');
  });
});

describe('edges of the pure rules', () => {
  it('accepts a contract period of a single day', () => {
    expect(checkContract({ periodStart: '2026-06-01', periodEnd: '2026-06-01', frequency: 'weekly' }).isOk()).toBe(true);
    expect(checkContract({ periodStart: '2026-06-02', periodEnd: '2026-06-01', frequency: 'weekly' }).isErr()).toBe(true);
  });

  it('never lets a user without a branch see "own branch" files that have no branch', () => {
    const noBranch: Actor = { id: 7, branchId: null, isAdmin: false, role: { permissions: ['file_view_branch'] } };
    expect(can(noBranch, 'view', { kind: 'file', branchId: null, uploadedBy: 99 })).toBe(false);
  });

  it('gives the wider file scope when a role holds several', () => {
    expect(fileScope({ isAdmin: false, role: { permissions: ['file_view_own', 'file_view_branch'] } })).toBe('branch');
    expect(fileScope({ isAdmin: false, role: { permissions: ['file_view_own', 'file_view_all', 'file_view_branch'] } })).toBe('all');
  });

  it('answers only "view" for files and HKIDs and only "edit" for voiding, whatever the permissions', () => {
    const everything: Actor = { id: 1, branchId: 1, isAdmin: true, role: null };
    expect(can(everything, 'delete', { kind: 'file', branchId: 1, uploadedBy: 1 })).toBe(false);
    expect(can(everything, 'edit', { kind: 'hkid' })).toBe(false);
    expect(can(everything, 'view', { kind: 'orderVoid' })).toBe(false);
  });
});
