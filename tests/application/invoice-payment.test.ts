import { okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { OrderBook } from '../../application/ports/OrderBook';
import { OrderDesk } from '../../application/sales/OrderDesk';
import type { Order } from '../../application/sales/sales';
import type { PaymentDetails } from '../../contract/sales';
import { ADMIN, createCore } from '../support/fakes';
import { orderFixture } from '../support/sales';

/** How a printed invoice asks to be paid (OrderDesk.payment): the bank account, and the FPS QR code for what is owed. */

const BANK = { bankName: 'HSBC', accountName: 'Harbour Pest Services Ltd.', accountNumber: '123-456789-001' };
const FPS: PaymentDetails = { fps: { type: 'mobile', value: '+852-91234567' }, ...BANK };
const LETTERHEAD = {
  ...{ nameEn: 'Harbour Pest Services Ltd.', nameZh: '海港除蟲服務有限公司', addressEn: '', addressZh: '', branchAddress: '' },
  ...{ phone: '', fax: '', email: '', website: '', brNumber: '', logoUrl: null, chopUrl: null },
};
const invoice = (payment: PaymentDetails | null, change: Partial<Parameters<typeof orderFixture>[0]> = {}): Order => orderFixture({ letterhead: { ...LETTERHEAD, payment }, ...change });

const QR = '/api/orders/3/fps-qr.png?amount=40000';
const book = { recordPayment: () => okAsync(orderFixture() as Order) } as Partial<OrderBook> as OrderBook;
const desk = () => {
  const core = createCore({ user: ADMIN, start: '/orders/order/invoice/3' });
  return new OrderDesk(book, core.state, core.navigation, core.clock);
};

describe('what a printed invoice says about paying it', () => {
  it('with an FPS identifier and a balance due: the identifier, the QR code of this invoice and the bank account', () => {
    expect(desk().payment(invoice(FPS, { fpsQrUrl: QR }))).toEqual({ fps: FPS.fps, qrImage: QR, ...BANK });
  });

  it('with a bank account only: the account, no QR code', () => {
    expect(desk().payment(invoice({ fps: null, ...BANK }))).toEqual({ fps: null, qrImage: null, ...BANK });
  });

  it('nothing when nothing is due, the invoice is void, or the company gave no payment details', () => {
    expect(desk().payment(invoice(FPS, { paid: 100_000, outstanding: 0, status: 'paid', fpsQrUrl: null }))).toBeNull();
    expect(desk().payment(invoice(FPS, { paid: 0, outstanding: 0, status: 'void', voided: true }))).toBeNull();
    expect(desk().payment(invoice(null))).toBeNull();
    expect(desk().payment(orderFixture() as Order)).toBeNull();
  });
});
