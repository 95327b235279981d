import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { err, ok, type Result } from 'neverthrow';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../application/api/ApiError';
import { invalid } from '../../application/forms/Invalid';
import { createI18n } from '../../infrastructure/i18n/I18nextLanguageSetting';
import { describeProblem, problemWords, type Problem } from '../../presentation/format/problem';
import { useSubmit } from '../../presentation/hooks/useSubmit';
import { allMessages } from '../support/messages';

/** The one error helper (presentation/format/problem.ts) and the one submit hook (presentation/hooks/useSubmit.ts). */

function wordsIn(language: 'zh-HK' | 'en') {
  const i18n = createI18n(language, allMessages());
  return { t: (key: string, options?: Record<string, unknown>) => (options ? i18n.t(key, options) : i18n.t(key)), language };
}

const refused: ApiError = { code: 'validation', message: 'The given data was invalid.', fields: { name: ['Name is required.'], secret: ['Not on this form.'] } };

describe('describeProblem', () => {
  it('puts the server’s field messages by the fields the form shows, with no whole-form message', () => {
    expect(describeProblem(refused, wordsIn('en'), { fields: ['name', 'email'] })).toEqual({ fields: { name: ['Name is required.'] }, message: null });
  });

  it('says the server’s message when no field it names is on the form', () => {
    expect(describeProblem(refused, wordsIn('en'), { fields: ['email'] })).toEqual({ fields: {}, message: 'The given data was invalid.' });
  });

  it('keeps every field and can say the message as well', () => {
    expect(describeProblem(refused, wordsIn('en'), { always: true })).toEqual({
      fields: { name: ['Name is required.'], secret: ['Not on this form.'] },
      message: 'The given data was invalid.',
    });
  });

  it('says the message as well only for a refusal, not for a use-case’s own field messages, which say it all', () => {
    const own = invalid({ amount: [{ key: 'errors:code.receiptExceedsOrderTotal', values: { maxCents: 500 } }] });
    expect(describeProblem(own, wordsIn('en'), { always: true })).toEqual({ fields: { amount: ['Total Receipt Amount must be equal or below Total Amount. At most HK$5.00 can still be received.'] }, message: null });
    expect(describeProblem(invalid({}), wordsIn('en'), { always: true }).message).toBe('Some fields need your attention.');
  });

  it('turns a code without a message into words, one key per code, in both languages', () => {
    expect(describeProblem({ code: 'network' }, wordsIn('en')).message).toBe('The server could not be reached. Check your connection and try again.');
    expect(describeProblem({ code: 'network' }, wordsIn('zh-HK')).message).toBe('無法連接伺服器。請檢查網絡連線後再試。');
  });

  it('writes a domain failure with its figures, amounts in cents as money', () => {
    const problem: Problem = { code: 'receiptExceedsOrderTotal', maxCents: 120_050 } as Problem;
    expect(problemWords(problem, wordsIn('en'))).toBe('Total Receipt Amount must be equal or below Total Amount. At most HK$1,200.50 can still be received.');
    expect(problemWords(problem, wordsIn('zh-HK'))).toBe('收款總額必須等於或少於總金額。最多尚可收取 HK$1,200.50。');
  });

  it('says a refused request by its domain reason when the server sent no words', () => {
    const problem: Problem = { code: 'validation', message: '', fields: {}, reason: 'refundExceedsReceived', details: { maxCents: 2_000 } };
    expect(problemWords(problem, wordsIn('en'))).toBe('A refund cannot be more than has been received. At most HK$20.00 can be refunded.');
    expect(problemWords({ ...problem, reason: 'noSuchReason' }, wordsIn('en'))).toBe('Some fields need your attention.');
  });

  it('translates a use-case’s field messages given as keys', () => {
    const problem = invalid({ amount: [{ key: 'errors:code.receiptExceedsOrderTotal', values: { maxCents: 500 } }], date: ['已輸入的文字'], note: [] });
    expect(describeProblem(problem, wordsIn('en'))).toEqual({
      fields: { amount: ['Total Receipt Amount must be equal or below Total Amount. At most HK$5.00 can still be received.'], date: ['已輸入的文字'] },
      message: null,
    });
  });
});

type Outcome = Result<string, ApiError>;

function Form({ action }: { action: (name: string) => Promise<Outcome> }) {
  const { busy, errors, message, submit, reset } = useSubmit(action, { fields: ['name'] });
  return (
    <form
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit('Chan');
      }}
    >
      {message && <p role="alert">{message}</p>}
      {errors.name?.map((m) => <p key={m}>{m}</p>)}
      <button type="submit" disabled={busy}>
        Save
      </button>
      <button type="button" onClick={reset}>
        Reset
      </button>
    </form>
  );
}

function renderForm(action: (name: string) => Promise<Outcome>) {
  return render(
    <I18nextProvider i18n={createI18n('en', allMessages())}>
      <Form action={action} />
    </I18nextProvider>,
  );
}

describe('useSubmit', () => {
  it('is busy while the action runs, sends once however often the form is submitted, and shows field messages', async () => {
    const calls: string[] = [];
    let finish: (outcome: Outcome) => void = () => undefined;
    const { container } = renderForm((name) => {
      calls.push(name);
      return new Promise((resolve) => (finish = resolve));
    });
    const form = container.querySelector('form')!;
    act(() => {
      form.requestSubmit();
      form.requestSubmit();
    });
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(calls).toEqual(['Chan']);
    await act(async () => {
      finish(err(refused));
      await Promise.resolve();
    });
    expect(form).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByText('Name is required.')).toBeNull();
  });

  it('says a failure without fields at the top, and clears it when the next submit succeeds', async () => {
    const outcomes: Outcome[] = [err({ code: 'network' }), ok('saved')];
    renderForm(() => Promise.resolve(outcomes.shift()!));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(outcomes).toEqual([]);
  });
});
