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
