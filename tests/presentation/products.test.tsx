import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/auth/user';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { CategoryScreen, CategorySaved, CategoryTree, NewCategoryScreen, NewProductScreen, Product, ProductPage, ProductSaved, ProductScreen } from '../../contract/products';
import { ADMIN } from '../support/fakes';
import { renderApp } from './render';

const TREE = CategoryTree.parse([{ id: 1, parentId: null, nameEn: 'Pest control', nameZh: '滅蟲服務', commissionRateBp: 800, sortOrder: 1, productCount: 2, version: 1, children: [{ id: 2, parentId: 1, nameEn: 'Termites', nameZh: '白蟻', commissionRateBp: null, sortOrder: 1, productCount: 2, version: 1, children: [] }] }]);

const PRODUCT = Product.parse({ id: 5, code: 'TM-INSP', nameEn: 'Termite inspection', nameZh: '白蟻視察', categoryId: 2, unit: 'visit', unitPrice: 80_000, commissionRateBp: 500, active: true, activeIngredient: '', version: 4 });
const CATEGORY = { ...TREE[0]!.children[0]!, version: 2 };
const CONFLICT = 'Someone else changed this record while you were editing. Your changes are kept; review them and save again.';
const RELOAD = 'Load the latest version (your changes will be discarded)';

const backend = (r: ApiRequest) =>
  r.path === '/api/products/5' && r.method === 'GET'
    ? { status: 200, body: ProductScreen.parse({ product: PRODUCT, categories: TREE, units: ['visit', 'item'] }) }
    : r.path === '/api/product-categories' && r.method === 'GET'
      ? { status: 200, body: TREE }
      : r.path === '/api/product-categories/create'
        ? { status: 200, body: NewCategoryScreen.parse({ categories: TREE }) }
        : r.path === '/api/product-categories/2' && r.method === 'GET'
          ? { status: 200, body: CategoryScreen.parse({ category: CATEGORY, categories: TREE }) }
          : r.path === '/api/products/create'
    ? { status: 200, body: NewProductScreen.parse({ categories: TREE, units: ['visit', 'item'] }) }
    : r.path === '/api/products' && r.method === 'GET'
      ? { status: 200, body: ProductPage.parse({ items: [{ id: 5, code: 'TM-INSP', nameEn: 'Termite inspection', nameZh: '白蟻視察', unit: 'visit', unitPrice: 80_000, active: true, category: { nameEn: 'Termites', nameZh: '白蟻' } }], total: 1, page: 1, perPage: 20, categories: TREE }) }
      : r.method === 'POST'
        ? { status: 201, body: ProductSaved.parse({ product: { ...PRODUCT, id: 6 } }) }
        : r.method === 'PUT' && r.path.startsWith('/api/products/')
          ? { status: 200, body: ProductSaved.parse({ product: { ...PRODUCT, version: 5 } }) }
          : r.method === 'PUT'
            ? { status: 200, body: CategorySaved.parse({ category: { ...CATEGORY, version: 3 } }) }
            : { status: 200, body: { auth: true } };

/** The back end above, with one answer changed. */
const with_ = (answer: (r: ApiRequest) => { status: number; body: unknown } | null) => (r: ApiRequest) => answer(r) ?? backend(r);
const gets = (requests: readonly ApiRequest[], path: string) => requests.filter((r) => r.method === 'GET' && r.path === path);

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
      activeIngredient: '',
    });
  });
});

describe('a stale product save (409)', () => {
  it('keeps the input, says someone else changed it, and offers the latest version, which loads it again', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/products/product/5', user: ADMIN, language: 'en', handler: with_((r) => (r.method === 'PUT' ? { status: 409, body: { message: CONFLICT } } : null)) });
    const price = await screen.findByLabelText('Unit price (HK$)');
    await user.clear(price);
    await user.type(price, '850');
    expect(screen.queryByRole('button', { name: RELOAD })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFLICT);
    expect(screen.getByLabelText('Unit price (HK$)')).toHaveValue('850');
    expect(transport.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/products/5', body: { unitPrice: 85_000, version: 4 } });
    await user.click(screen.getByRole('button', { name: RELOAD }));
    await waitFor(() => expect(gets(transport.requests, '/api/products/5')).toHaveLength(2));
    expect(await screen.findByLabelText('Unit price (HK$)')).toHaveValue('800.00');
    expect(screen.queryByRole('button', { name: RELOAD })).not.toBeInTheDocument();
  });

  it('does not offer a reload for other refusals', async () => {
    const user = userEvent.setup();
    const taken = { message: 'Another product already has this code.', errors: { code: ['Another product already has this code.'] } };
    renderApp({ start: '/products/product/5', user: ADMIN, language: 'en', handler: with_((r) => (r.method === 'PUT' ? { status: 422, body: taken } : null)) });
    await user.type(await screen.findByLabelText('Code'), 'X');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Another product already has this code.'));
    expect(screen.queryByRole('button', { name: RELOAD })).not.toBeInTheDocument();
  });
});

describe('product categories', () => {
  it('lists the tree: categories with their sub-categories, commission and product counts, each opening its form', async () => {
    const { navigator } = renderApp({ start: '/products/categories', user: ADMIN, language: 'zh-HK', handler: backend });
    const table = await screen.findByRole('table', { name: '產品類別' });
    const [top, sub] = within(table).getAllByRole('row').slice(1);
    expect(top).toHaveTextContent('滅蟲服務');
    expect(top).toHaveTextContent('8%');
    expect(top).toHaveTextContent('2');
    expect(sub).toHaveTextContent('子類別：白蟻');
    expect(sub).toHaveTextContent('—');
    expect(screen.getByRole('link', { name: '新增類別' })).toHaveAttribute('href', '/products/categories/create');
    await userEvent.setup().click(within(sub!).getByRole('link', { name: '白蟻' }));
    await waitFor(() => expect(navigator.current().path).toBe('/products/categories/2'));
  });

  it('shows an empty tree as such, and no "new" link to a user who may only look', async () => {
    const viewer: User = { ...ADMIN, isAdmin: false, role: { id: 3, name: 'worker', permissions: ['product_view'] } };
    renderApp({ start: '/products/categories', user: viewer, language: 'en', handler: with_((r) => (r.path === '/api/product-categories' ? { status: 200, body: [] } : null)) });
    expect(await screen.findByText('No categories yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New category' })).not.toBeInTheDocument();
  });

  it('creates a category: field messages first, then a sub-category with its commission in basis points', async () => {
    const user = userEvent.setup();
    const { transport, navigator } = renderApp({ start: '/products/categories/create', user: ADMIN, language: 'en', handler: with_((r) => (r.method === 'POST' ? { status: 201, body: CategorySaved.parse({ category: { ...CATEGORY, id: 9 } }) } : null)) });
    await user.type(await screen.findByLabelText('Commission rate (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Chinese name')).toHaveAccessibleDescription('Enter the English or the Chinese name.');
    expect(screen.getByLabelText('English name')).toHaveAccessibleDescription('Enter the English or the Chinese name.');
    expect(screen.getByLabelText('Commission rate (%)')).toHaveAccessibleDescription('Enter a percentage from 0 to 100.');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Chinese name'), '蚊患');
    await user.clear(screen.getByLabelText('Commission rate (%)'));
    await user.type(screen.getByLabelText('Commission rate (%)'), '7.5');
    const parent = screen.getByLabelText('Belongs to');
    // Only top-level categories can be a parent.
    expect(within(parent).getAllByRole('option').map((o) => o.textContent)).toEqual(['(a top-level category)', 'Pest control']);
    await user.selectOptions(parent, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigator.current().path).toBe('/products/categories'));
    expect(transport.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/product-categories',
      body: { nameZh: '蚊患', nameEn: '', parentId: 1, commissionRateBp: 750, sortOrder: 0 },
    });
  });

  it('shows the server’s field messages on the form', async () => {
    const user = userEvent.setup();
    const parentInvalid = 'Choose a top-level category (sub-categories cannot have sub-categories).';
    renderApp({ start: '/products/categories/create', user: ADMIN, language: 'en', handler: with_((r) => (r.method === 'POST' ? { status: 422, body: { message: parentInvalid, errors: { parentId: [parentInvalid] } } } : null)) });
    await user.type(await screen.findByLabelText('English name'), 'Mosquitoes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Belongs to')).toHaveAccessibleDescription(parentInvalid));
  });

  it('edits a category with its version, and goes back to the list', async () => {
    const user = userEvent.setup();
    const { transport, navigator } = renderApp({ start: '/products/categories/2', user: ADMIN, language: 'en', handler: backend });
    const name = await screen.findByLabelText('English name');
    expect(name).toHaveValue('Termites');
    expect(screen.getByLabelText('Belongs to')).toHaveValue('1');
    await user.clear(name);
    await user.type(name, 'Termite control');
    await user.type(screen.getByLabelText('Commission rate (%)'), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigator.current().path).toBe('/products/categories'));
    expect(transport.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/product-categories/2',
      body: { nameZh: '白蟻', nameEn: 'Termite control', parentId: 1, commissionRateBp: 600, sortOrder: 1, version: 2 },
    });
  });

  it('on a stale save (409) keeps the input, says someone else changed it, and offers the latest version', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/products/categories/2', user: ADMIN, language: 'zh-HK', handler: with_((r) => (r.method === 'PUT' ? { status: 409, body: { message: '您編輯期間，此記錄已被其他人修改。' } } : null)) });
    const name = await screen.findByLabelText('中文名稱');
    await user.clear(name);
    await user.type(name, '白蟻防治');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('您編輯期間，此記錄已被其他人修改。');
    expect(screen.getByLabelText('中文名稱')).toHaveValue('白蟻防治');
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ nameZh: '白蟻防治', version: 2 });
    await user.click(screen.getByRole('button', { name: '載入最新版本（您的變更將被捨棄）' }));
    await waitFor(() => expect(gets(transport.requests, '/api/product-categories/2')).toHaveLength(2));
    expect(await screen.findByLabelText('中文名稱')).toHaveValue('白蟻');
  });
});
