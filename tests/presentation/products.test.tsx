import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { ADMIN } from '../support/fakes';
import { renderApp } from './render';

const TREE = [{ id: 1, parentId: null, nameEn: 'Pest control', nameZh: '滅蟲服務', commissionRateBp: 800, sortOrder: 1, productCount: 2, version: 1, children: [{ id: 2, parentId: 1, nameEn: 'Termites', nameZh: '白蟻', commissionRateBp: null, sortOrder: 1, productCount: 2, version: 1, children: [] }] }];

const backend = (r: ApiRequest) =>
  r.path === '/api/products/create'
    ? { status: 200, body: { categories: TREE, units: ['visit', 'item'] } }
    : r.path === '/api/products' && r.method === 'GET'
      ? { status: 200, body: { items: [{ id: 5, code: 'TM-INSP', nameEn: 'Termite inspection', nameZh: '白蟻視察', unit: 'visit', unitPrice: 80_000, active: true, category: { nameEn: 'Termites', nameZh: '白蟻' } }], total: 1, page: 1, perPage: 20, categories: TREE } }
      : r.method === 'POST'
        ? { status: 201, body: { product: { id: 6 } } }
        : { status: 200, body: { auth: true } };

describe('products', () => {
  it('lists products with their price in Hong Kong dollars and unit in the interface language', async () => {
    renderApp({ start: '/products/product', user: ADMIN, language: 'zh-HK', handler: backend });
    const row = await screen.findByRole('row', { name: /白蟻視察/ });
    expect(row).toHaveTextContent('HK$800.00');
    expect(row).toHaveTextContent('次');
    expect(row).toHaveTextContent('白蟻');
  });

  it('sorts on the server: the chosen order goes in the address and the request at once', async () => {
    const user = userEvent.setup();
    const { navigator, transport } = renderApp({ start: '/products/product?active=1', user: ADMIN, language: 'zh-HK', handler: backend });
    await screen.findByRole('row', { name: /白蟻視察/ });
    await user.selectOptions(screen.getByLabelText('排序方式'), '單價（由高至低）');
    await waitFor(() => expect(navigator.url).toBe('/products/product?active=1&sort=-price'));
    await waitFor(() => expect(transport.requests.at(-1)).toMatchObject({ path: '/api/products', query: { active: '1', sort: '-price' } }));
    expect(screen.getByLabelText('排序方式')).toHaveDisplayValue('單價（由高至低）');
  });

  it('sends the price as exact cents and the commission as basis points, after checking both', async () => {
    const user = userEvent.setup();
    const { transport, navigator } = renderApp({ start: '/products/product/create', user: ADMIN, language: 'en', handler: backend });
    await user.type(await screen.findByLabelText('Code'), 'BB-01');
    await user.type(screen.getByLabelText('Chinese name'), '床蝨處理');
    await user.type(screen.getByLabelText('Unit price (HK$)'), '12.345');
    await user.type(screen.getByLabelText('Commission rate (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Unit price (HK$)')).toHaveAccessibleDescription('Enter an amount like 1,234.50.');
    expect(screen.getByLabelText('Commission rate (%)')).toHaveAccessibleDescription('Enter a percentage from 0 to 100.');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Unit price (HK$)'));
    await user.type(screen.getByLabelText('Unit price (HK$)'), '1,200.10');
    await user.clear(screen.getByLabelText('Commission rate (%)'));
    await user.type(screen.getByLabelText('Commission rate (%)'), '5.5');
    await user.selectOptions(screen.getByLabelText('Category'), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigator.current().path).toBe('/products/product'));
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toEqual({
      code: 'BB-01',
      nameZh: '床蝨處理',
      nameEn: '',
      categoryId: 2,
      unit: 'visit',
      unitPrice: 120_010,
      commissionRateBp: 550,
      active: true,
    });
  });
});
