import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { revenueTotals } from '../../application/reports/reports';
import { screenValue } from '../../application/navigation/screenData';
import type { ScreenProps } from '../app/ScreenProps';
import { bilingual } from '../format/bilingual';
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
          <section className="card dashboard-card" aria-labelledby="dash-appointments">
            <h2 id="dash-appointments">{t(appointments.own ? 'dashboard.myAppointments' : 'dashboard.appointments')}</h2>
            <p className="dashboard-figures">
              <Link href={`/calendar?date=${board.today}`} className="dashboard-figure">
                <span className="figure-value">{formatCount(appointments.today, language)}</span> <span className="figure-label">{t('dashboard.today')}</span>
              </Link>
              <Link href={`/calendar?date=${appointments.weekStart}`} className="dashboard-figure">
                <span className="figure-value">{formatCount(appointments.week, language)}</span> <span className="figure-label">{t('dashboard.thisWeek')}</span>
              </Link>
            </p>
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
          </section>
        )}
        {outstanding && (
          <section className="card dashboard-card" aria-labelledby="dash-outstanding">
            <h2 id="dash-outstanding">{t('dashboard.outstanding')}</h2>
            <p className="dashboard-figures">
              <Link href="/orders/order?status=owing" className="dashboard-figure">
                <span className="figure-value">{money(outstanding.amount)}</span> <span className="figure-label">{t('dashboard.owedOnAll', { count: outstanding.count })}</span>
              </Link>
              <Link href="/reminders/outstanding" className="dashboard-figure">
                <span className="figure-value">{money(outstanding.overdue.amount)}</span> <span className="figure-label">{t('dashboard.owedOn', { count: outstanding.overdue.count })}</span>
              </Link>
            </p>
          </section>
        )}
        {bankIn && (
          <section className="card dashboard-card" aria-labelledby="dash-bank-in">
            <h2 id="dash-bank-in">{t('dashboard.bankIn')}</h2>
            <p className="dashboard-figures">
              <Link href="/reminders/bank-in" className="dashboard-figure">
                <span className="figure-value">{money(bankIn.amount)}</span> <span className="figure-label">{t('dashboard.receiptsWaiting', { count: bankIn.count })}</span>
              </Link>
            </p>
          </section>
        )}
        {expiringQuotations && (
          <section className="card dashboard-card" aria-labelledby="dash-quotations">
            <h2 id="dash-quotations">{t('dashboard.expiring')}</h2>
            <p className="dashboard-figures">
              <Link href={`/quotations?expiring_within=${expiringQuotations.withinDays}`} className="dashboard-figure">
                <span className="figure-value">{formatCount(expiringQuotations.count, language)}</span>{' '}
                <span className="figure-label">{t('dashboard.expiringWithin', { count: expiringQuotations.withinDays, amount: money(expiringQuotations.amount) })}</span>
              </Link>
            </p>
          </section>
        )}
      </div>
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
