import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import { ADMIN } from '../support/fakes';
import { renderApp, renderSignedIn } from './render';
import { AreaList } from '../../contract/lists';

describe('delete confirmation', () => {
  it('names what is deleted, focuses Cancel, and answers with the button pressed', async () => {
    const user = userEvent.setup();
    const { services } = renderApp({ start: '/home', user: ADMIN, language: 'en' });
    await screen.findByText(`Welcome, ${ADMIN.name}.`);
    const confirmation = services.get(ConfirmationService);

    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmation.ask({ kind: 'delete', values: { name: 'Client 陳大文' } });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Client 陳大文?' });
    expect(dialog).toHaveAccessibleDescription('Client 陳大文 will be deleted. This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await answer).toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    act(() => {
      answer = confirmation.ask({ kind: 'delete', values: { name: 'X' } });
    });
    await user.keyboard('{Enter}');
    expect(await answer).toBe(false);
  });

  it('speaks Chinese in zh-HK', async () => {
    const { services } = renderApp({ start: '/home', user: ADMIN, language: 'zh-HK' });
    await screen.findByText(`歡迎，${ADMIN.name}。`);
    act(() => {
      void services.get(ConfirmationService).ask({ kind: 'delete', values: { name: '客戶甲' } });
    });
    const dialog = await screen.findByRole('alertdialog', { name: '刪除客戶甲？' });
    expect(within(dialog).getByRole('button', { name: '取消' })).toHaveFocus();
  });
});

describe('Loading message', () => {
  it('shows until the screen’s data has arrived, in the interface language', async () => {
    let release: () => void = () => undefined;
    renderSignedIn({
      start: '/settings/area',
      language: 'zh-HK',
      handler: (r) =>
        r.path === '/api/areas'
          ? new Promise((resolve) => (release = () => resolve({ status: 200, body: AreaList.parse([{ id: 1, nameEn: 'Islands', nameZh: '離島區', region: 'new_territories', sortOrder: 18, version: 1 }]) })))
          : { status: 200, body: { auth: true } },
    });
    expect(await screen.findByText('載入中…')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('載入中…')).not.toBeInTheDocument();
  });
});
