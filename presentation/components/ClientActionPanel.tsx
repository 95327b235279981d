import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultAsync } from 'neverthrow';
import type { ListedClient } from '../../application/statements/statements';
import type { ClientActionOutcome } from '../../application/ports/StatementDesk';
import { bilingual } from '../format/bilingual';
import { formatHKD } from '../format/money';
import type { Problem } from '../format/problem';
import { useSubmit } from '../hooks/useSubmit';
import { DataTable } from './DataTable';
import { FormAlert } from './FormAlert';

/**
 * An action on several clients at once (e.g. "Send statements"): its button, what it sends for the
 * clients chosen, and the words of the reasons it may give for skipping one.
 */
export interface ClientAction {
  readonly key: string;
  readonly label: string;
  readonly run: (clientIds: readonly number[]) => ResultAsync<readonly ClientActionOutcome[], Problem>;
  readonly reason: (code: string) => string;
}

/**
 * Clients to choose (a checkbox each, and one to choose them all), the actions on the chosen ones,
 * and what the last action did for each client: queued (to whom) or skipped (why). Several actions
 * may sit side by side (statements, payment reminders); they share the choice.
 */
export function ClientActionPanel({ title, intro, clients, actions }: { title: string; intro?: string; clients: readonly ListedClient[]; actions: readonly ClientAction[] }) {
  const { t, i18n } = useTranslation('statements');
  const titleId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [outcome, setOutcome] = useState<{ readonly action: ClientAction; readonly results: readonly ClientActionOutcome[] } | null>(null);
  const run = useSubmit((action: ClientAction, ids: readonly number[]) => action.run(ids));
  const allBox = useRef<HTMLInputElement>(null);
  const shown = clients.filter((c) => chosen.has(c.id));
  const all = clients.length > 0 && shown.length === clients.length;

  // "Select all" is half-checked while only some are chosen.
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = shown.length > 0 && !all;
  }, [shown.length, all]);

  const toggle = (id: number) =>
    setChosen((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const act = async (action: ClientAction) => {
    setOutcome(null);
    const result = await run.submit(
      action,
      shown.map((c) => c.id),
    );
    if (result?.isOk()) setOutcome({ action, results: result.value });
  };

  const name = (o: { nameEn: string; nameZh: string; clientId?: number }) => bilingual(o, i18n.language) || `#${o.clientId ?? ''}`;
  const queued = outcome?.results.filter((r) => r.status === 'queued').length ?? 0;
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro && <p className="hint">{intro}</p>}
      <DataTable
        caption={t('bulk.caption')}
        columns={[
          {
            label: t('bulk.selectAll'),
            heading: <input ref={allBox} type="checkbox" aria-label={t('bulk.selectAll')} checked={all} onChange={() => setChosen(all ? new Set() : new Set(clients.map((c) => c.id)))} />,
            cell: (c: ListedClient) => <input type="checkbox" aria-label={t('bulk.select', { name: name(c) })} checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />,
          },
          { label: t('bulk.client'), rowHeader: true, cell: (c) => name(c) },
          { label: t('bulk.invoices'), className: 'number', cell: (c) => String(c.invoices) },
          { label: t('bulk.outstanding'), className: 'number', cell: (c) => formatHKD(c.outstanding, i18n.language) },
        ]}
        rows={clients}
        rowKey={(c) => c.id}
      />
      <div className="inline-actions">
        <span role="status">{t('bulk.selected', { count: shown.length })}</span>
        {actions.map((action) => (
          <button key={action.key} type="button" className="button button-primary" aria-disabled={run.busy || undefined} onClick={() => void act(action)}>
            {action.label}
          </button>
        ))}
      </div>
      <FormAlert message={run.message ?? run.errors.clients?.[0] ?? null} />
      {outcome && (
        <div role="status">
          <p>{t('bulk.summary', { queued, skipped: outcome.results.length - queued })}</p>
          <ul className="send-log" aria-label={t('bulk.results')}>
            {outcome.results.map((r) => (
              <li key={r.clientId} data-status={r.status}>
                {r.status === 'skipped'
                  ? t('bulk.skipped', { name: name(r), reason: outcome.action.reason(r.reason ?? '') })
                  : r.recipient
                    ? t('bulk.queued', { name: name(r), to: r.recipient })
                    : t('bulk.queuedNoAddress', { name: name(r) })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
