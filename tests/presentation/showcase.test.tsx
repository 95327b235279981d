import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../support/fakes';
import { renderApp } from './render';

const backend = () => ({ status: 200, body: { auth: true } });

describe('the component showcase shows each part of the kit in its states', () => {
  it('tables: with rows, empty, loading and failed with a way to try again', async () => {
    renderApp({ start: '/components/tables', user: ADMIN, language: 'en', handler: backend });
    expect(await screen.findByRole('table', { name: 'Sample clients' })).toBeInTheDocument();
    expect(screen.getByText('When a list is empty it says so, like this.')).toBeInTheDocument();
    const loading = screen.getByRole('table', { name: 'Sample clients (loading)' });
    expect(loading.closest('[aria-busy="true"]')).not.toBeNull();
    expect(within(loading).getByText('Loading…')).toBeInTheDocument();
    const failed = screen.getByRole('table', { name: 'Sample clients (could not load)' });
    expect(within(failed).getByText('The list could not be loaded.')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('forms: a field error, a server error and a form disabled while saving', async () => {
    renderApp({ start: '/components/forms', user: ADMIN, language: 'en', handler: backend });
    expect(await screen.findByRole('group', { name: 'While saving (disabled)' })).toBeDisabled();
    expect(screen.getByText('The server could not save this. What you typed is kept; try again.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByLabelText('Name')[0]).toHaveAccessibleDescription('Enter the name.');
  });

  it('modals: a dialog that is saving cannot be submitted again but can be closed', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/components/modals', user: ADMIN, language: 'en', handler: backend });
    await user.click(await screen.findByRole('button', { name: 'Open a dialog that is saving' }));
    const dialog = screen.getByRole('dialog', { name: 'A form in a dialog' });
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the showcase states of the smaller parts', () => {
  it('alerts: success, warning and danger announced as the product announces them, the loading message, and a notification that can be dismissed', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/components/alerts', user: ADMIN, language: 'en', handler: backend });
    expect(await screen.findByText('The client has been saved.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Cannot reach the server. Changes cannot be saved until the connection is back.')).toHaveClass('banner-warning');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your profile has been saved.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show the notification again' }));
    expect(screen.getByText('Your profile has been saved.')).toBeInTheDocument();
  });

  it('avatar: the first letter of a Chinese or an English name, and a photo with its description', async () => {
    renderApp({ start: '/components/avatar', user: ADMIN, language: 'zh-HK', handler: backend });
    expect(await screen.findByRole('img', { name: '首字為「陳」的頭像' })).toHaveTextContent('陳');
    expect(screen.getByRole('img', { name: '首字為「A」的頭像' })).toHaveTextContent('A');
    const photo = screen.getByRole('img', { name: '陳大文的個人相片' });
    expect(photo.tagName).toBe('IMG');
    expect(photo).toHaveClass('avatar');
    expect(photo.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  it('buttons: each kind, disabled ones that cannot be pressed, and one busy while saving', async () => {
    renderApp({ start: '/components/buttons', user: ADMIN, language: 'en', handler: backend });
    for (const name of ['Save', 'Cancel', 'Delete', 'Show more']) expect(await screen.findByRole('button', { name })).toBeEnabled();
    for (const name of ['Not available', 'Cancel (not available)', 'Delete (not available)']) expect(screen.getByRole('button', { name })).toBeDisabled();
    const saving = screen.getByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    expect(saving).toHaveAttribute('aria-busy', 'true');
  });

  it('inputs: text, select and text area each with an error tied to it and locked, and choices that can be turned off', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/components/inputs', user: ADMIN, language: 'en', handler: backend });
    const name = await screen.findByLabelText('Name');
    await user.type(name, 'Chan');
    expect(name).toHaveValue('Chan');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByLabelText('Email')).toBeInvalid();
    expect(screen.getByLabelText('Branch')).toHaveAccessibleDescription('Choose a branch.');
    expect(screen.getByLabelText('Remarks')).toHaveAccessibleDescription('Write at most 10 characters.');
    for (const label of ['Client no.', 'Area (locked)', 'Notes (locked)', 'Send by SMS (not available)']) expect(screen.getByLabelText(label)).toBeDisabled();
    const area = screen.getByLabelText('Area');
    await user.selectOptions(area, 'Sha Tin');
    expect(area).toHaveDisplayValue('Sha Tin');
    await user.click(screen.getByLabelText('Cheque'));
    expect(screen.getByLabelText('Cheque')).toBeChecked();
    expect(screen.getByLabelText('Cash')).not.toBeChecked();
  });

  it('badges: each tone, in both languages', async () => {
    const { i18n } = renderApp({ start: '/components/badges', user: ADMIN, language: 'en', handler: backend });
    const main = within(await screen.findByRole('main'));
    for (const [text, tone] of [['Paid', 'badge-success'], ['Outstanding', 'badge-warning'], ['Void', 'badge-danger']] as const) expect(await main.findByText(text)).toHaveClass('badge', tone);
    expect(main.getByText('Administrator')).toHaveClass('badge');
    await i18n.changeLanguage('zh-HK');
    expect(await main.findByText('已付款')).toHaveClass('badge-success');
  });

  it('tabs: one selected with its panel, the arrow keys move between them and wrap around', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/components/tabs', user: ADMIN, language: 'en', handler: backend });
    const details = await screen.findByRole('tab', { name: 'Details' });
    expect(details).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Details' })).toHaveTextContent('This is the Details tab.');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('tabindex', '-1');
    details.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Orders' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Attachments' })).toHaveAttribute('aria-selected', 'true');
  });

  it('modals: a dialog with a server error and a field error says both', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/components/modals', user: ADMIN, language: 'en', handler: backend });
    await user.click(await screen.findByRole('button', { name: 'Open a dialog with errors' }));
    const dialog = screen.getByRole('dialog', { name: 'A form in a dialog' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The server could not save this. What you typed is kept; try again.');
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Enter the name.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
