import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { revenueTotals } from '../../application/reports/reports';
import { screenValue } from '../../application/navigation/screenData';
import type { ScreenProps } from '../app/ScreenProps';
import { bilingual } from '../format/bilingual';
import { formatDateTime } from '../format/dateTime';
import { formatHKD } from '../format/money';
import { BarChart } from './reports/BarChart';
import { formatCount, formatMonth, formatMonthShort } from './reports/format';

/**
 * The dashboard (spec /dashboard, /api/dashboard/show): today's and this week's visits, what is
 * owed (all of it, and the part past its due date), receipts waiting to be banked in, quotations
 * about to expire and the revenue of the last twelve months. The server sends only the cards the
 * user's permissions allow; every figure links to the list it comes from.
 */
export default function DashboardScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  const board = screenValue(data, 'dashboard');
  const money = (n: number) => formatHKD(n, language);
  const { appointments, outstanding, bankIn, expiringQuotations, revenue } = board.cards;
  const empty = !appointments && !outstanding && !bankIn && !expiringQuotations && !revenue;
  const months = revenue?.months ?? [];
  const revenueSum = revenueTotals(months);

  return (
    <div className="stack dashboard">
      {empty && (
        <p className="notice" role="status">
          {t('dashboard.nothing')}
        </p>
      )}
      <div className="dashboard-cards">
        {appointments && (
          <DashboardCard
            id="dash-appointments"
            title={t(appointments.own ? 'dashboard.myAppointments' : 'dashboard.appointments')}
            figures={[
              { href: `/calendar?date=${board.today}`, value: formatCount(appointments.today, language), label: t('dashboard.today') },
              { href: `/calendar?date=${appointments.weekStart}`, value: formatCount(appointments.week, language), label: t('dashboard.thisWeek') },
            ]}
          >
            {appointments.visits.length === 0 ? (
              <p className="hint">{t('dashboard.noVisitsToday')}</p>
            ) : (
              <ul className="dashboard-visits">
                {appointments.visits.map((v) => (
                  <li key={`${v.appointmentId}-${v.date}`}>
                    <Link href={`/calendar/appointment/${v.appointmentId}?date=${v.date}`}>
                      {v.allDay ? t('dashboard.allDay') : v.start} · {bilingual(v.client, language)}
                    </Link>{' '}
                    <span className="hint">{t(`code.appointmentStatus.${v.shownStatus}`)}</span>
                  </li>
                ))}
              </ul>
            )}
          </DashboardCard>
        )}
        {outstanding && (
          <DashboardCard
            id="dash-outstanding"
            title={t('dashboard.outstanding')}
            figures={[
              { href: '/orders/order?status=owing', value: money(outstanding.amount), label: t('dashboard.owedOnAll', { count: outstanding.count }) },
              { href: '/reminders/outstanding', value: money(outstanding.overdue.amount), label: t('dashboard.owedOn', { count: outstanding.overdue.count }) },
            ]}
          />
        )}
        {bankIn && <DashboardCard id="dash-bank-in" title={t('dashboard.bankIn')} figures={[{ href: '/reminders/bank-in', value: money(bankIn.amount), label: t('dashboard.receiptsWaiting', { count: bankIn.count }) }]} />}
        {expiringQuotations && (
          <DashboardCard
            id="dash-quotations"
            title={t('dashboard.expiring')}
            figures={[
              {
                href: `/quotations?expiring_within=${expiringQuotations.withinDays}`,
                value: formatCount(expiringQuotations.count, language),
                label: t('dashboard.expiringWithin', { count: expiringQuotations.withinDays, amount: money(expiringQuotations.amount) }),
              },
            ]}
          />
        )}
      </div>
      {board.cards.customerResponses && <CustomerResponses responses={board.cards.customerResponses} />}
      {revenue && (
        <section className="card" aria-labelledby="dash-revenue">
          <h2 id="dash-revenue">{t('dashboard.revenue')}</h2>
          <BarChart
            title={t('dashboard.revenueChart')}
            summary={t('dashboard.revenueSummary', { invoiced: money(revenueSum.invoiced), received: money(revenueSum.received) })}
            series={[
              { label: t('chart.invoiced'), tone: 1 },
              { label: t('chart.received'), tone: 2 },
            ]}
            points={months.map((m, i) => ({ label: formatMonth(m.month, language), short: formatMonthShort(m.month, language, i === 0), values: [m.invoiced, m.received] }))}
            format={money}
          />
          <p>
            <Link href={`/reports/orders/order-analysis-result?date_from=${revenue.from}&date_to=${revenue.to}&group_by=month`}>{t('dashboard.openAnalysis')}</Link>
          </p>
        </section>
      )}
    </div>
  );
}

/** A figure of a card: how much or how many, what it is, and the list it comes from. */
interface CardFigure {
  readonly href: string;
  readonly value: string;
  readonly label: string;
}

/** A dashboard card: its title, its figures each linking to their list, and what else it shows below them. */
function DashboardCard({ id, title, figures, children }: { id: string; title: string; figures: readonly CardFigure[]; children?: ReactNode }) {
  return (
    <section className="card dashboard-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="dashboard-figures">
        {figures.map((figure) => (
          <Link key={figure.label} href={figure.href} className="dashboard-figure">
            <span className="figure-value">{figure.value}</span> <span className="figure-label">{figure.label}</span>
          </Link>
        ))}
      </p>
      {children}
    </section>
  );
}

type Responses = NonNullable<ReturnType<typeof screenValue<'dashboard'>>['cards']['customerResponses']>;

/** The latest answers of customers through quotations' links: which quotation, accepted or declined, by whom, when. */
function CustomerResponses({ responses }: { responses: Responses }) {
  const { t, i18n } = useTranslation('customer');
  return (
    <section className="card" aria-labelledby="dash-responses">
      <h2 id="dash-responses">{t('dashboard.heading')}</h2>
      {responses.length === 0 ? (
        <p className="hint">{t('dashboard.none')}</p>
      ) : (
        <ul className="dashboard-visits">
          {responses.map((r) => (
            <li key={`${r.quotationId}-${r.at}`}>
              <Link href={`/quotations/${r.kind}/${r.quotationId}`}>{t('dashboard.row', { number: r.number, outcome: t(`dashboard.${r.outcome}`), name: r.name || '—' })}</Link>{' '}
              <span className="hint">
                {bilingual(r.client, i18n.language)} · {formatDateTime(r.at, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
