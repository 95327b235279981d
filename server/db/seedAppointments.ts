import type { Transaction } from 'kysely';
import { recurrenceFor, type Series } from '../../domain/appointments/recurrence';
import { addDays, weekday, type IsoDate } from '../../domain/time/dates';
import { seriesColumns } from '../appointments/store';
import type { Database } from './schema';

/** A small drawn signature (PNG) for the demo's completed report. */
const DEMO_SIGNATURE_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAPAAAABQCAYAAAAnSfh8AAAB+UlEQVR42u3cS07DQBAEUJ8jp+H+l4IVEgs+CuCZqp73pOwggakuj2NwrgsAAAAAAAAAAAAAAAAAAAAAAACu6/F4ef34sCJQVtrPHlZJ+JTmJ0vhC39AfnIUvvDD8/vt1zEsfCXuL+93X28VDw7fAPTkp8TCV+LwDFd8L6XlVeIZ5f3qOazqweEbgq787MKHh6/EczO0wgcEbwDmZmiVDwpfieVHcfiGYF+GLc89oiy7F2bFz6HEDsCjy7trcVa9vota8/JT3oASr3xdJe4u1bG5/TS4uwY75TWVWIFry7trsJN2fSXuye+ovJJvCNhdHncx9R98t/7iqQu9YqhTSqPEzl5iC5x8Q0BS+D4YQHnjBveuGwIm7b7PFvn0MluTjQVOKVv6APz243umD7LyLixwculahuAvRZ5WduVdXOIVd/QknZK3l3nlQ3nDC7zyfauPSJlRbhf1Qkqc+qcfgzC37Ap8Y4FT3g8ZhP4Dh1UsutD0XyU2DP2ltlKLdsy0GwIMBHbh8AtETsNQ4hsK7FQMSnZhNwVA6S6sLFC8CyswlO7Cygulu7DyQmmJXSiCshK/F1R5obTAyrt2Xf3zP7cPm5XKKKly8/RAphVDSfvK7YDiQKIYg9bLpCuwQSxeT5Ou3IattNgmGQAAAAAAAAAAAAAAAAAY5g1kyGiQ1gAaAAAAAABJRU5ErkJggg==';

function demoSignature(): Uint8Array {
  const binary = atob(DEMO_SIGNATURE_BASE64);
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

interface DemoAppointment {
  readonly client: number;
  readonly address: string;
  readonly area: string;
  readonly workers: readonly ('worker' | 'sales')[];
  readonly type: string;
  readonly notes: string;
  readonly series: Series;
}

const at = (hour: number, minute = 0) => hour * 60 + minute;

/**
 * The demo's appointments, placed around `today` (the seeding day) so the calendar is never empty:
 * appointment 1 is the worker's weekly visit with a completed report on its first visit (being
 * audited) and another on its second (ended); then single visits, an all-day inspection booked for
 * the sales executive (which the worker does not see), a fortnightly series and a monthly one on the
 * last Friday. No orders are linked (the sales feature seeds those).
 */
export function demoAppointments(today: IsoDate): DemoAppointment[] {
  const weeklyStart = addDays(today, -14);
  const lastFriday = addDays(today, (5 - weekday(today) + 7) % 7);
  return [
    {
      client: 0,
      address: '香港灣仔軒尼詩道 100 號 12 樓 A 室',
      area: 'Wan Chai',
      workers: ['worker'],
      type: 'treatment',
      notes: '每週蟑螂處理，請先致電客戶。',
      series: { startDate: weeklyStart, startMinute: at(10), durationMinutes: 60, allDay: false, recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 12 }, exceptions: [] },
    },
    {
      client: 1,
      address: '九龍旺角彌敦道 600 號地下',
      area: 'Yau Tsim Mong',
      workers: ['worker'],
      type: 'inspection',
      notes: '廚房及雪房視察。',
      series: { startDate: addDays(today, 1), startMinute: at(14), durationMinutes: 120, allDay: false, recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 }, exceptions: [] },
    },
    {
      client: 2,
      address: '1 Harbour View Road, Tsuen Wan, New Territories',
      area: 'Tsuen Wan',
      workers: ['worker'],
      type: 'follow_up',
      notes: 'Block A plant room: rodent traps.',
      series: { startDate: addDays(today, 2), startMinute: at(9, 30), durationMinutes: 90, allDay: false, recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 }, exceptions: [] },
    },
    {
      client: 2,
      address: '3 Harbour View Road, Tsuen Wan, New Territories',
      area: 'Tsuen Wan',
      workers: ['sales'],
      type: 'inspection',
      notes: 'Site survey for the annual contract.',
      series: { startDate: addDays(today, 3), startMinute: 0, durationMinutes: 1440, allDay: true, recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 }, exceptions: [] },
    },
    {
      client: 1,
      address: '九龍旺角彌敦道 600 號地下',
      area: 'Yau Tsim Mong',
      workers: ['worker'],
      type: 'treatment',
      notes: '雙週滅蟲（收舖後）。',
      series: { startDate: addDays(today, -3), startMinute: at(18), durationMinutes: 90, allDay: false, recurrence: { freq: 'biweekly' }, end: { kind: 'count', count: 6 }, exceptions: [] },
    },
    {
      client: 2,
      address: '1 Harbour View Road, Tsuen Wan, New Territories',
      area: 'Tsuen Wan',
      workers: ['worker'],
      type: 'treatment',
      notes: 'Monthly common-area treatment.',
      series: { startDate: lastFriday, startMinute: at(9), durationMinutes: 180, allDay: false, recurrence: recurrenceFor('monthly_weekday', lastFriday, -1), end: { kind: 'never' }, exceptions: [] },
    },
  ];
}

export async function seedAppointments(
  tx: Transaction<Database>,
  today: IsoDate,
  ids: { clients: readonly number[]; worker: number; sales: number; branch: number },
): Promise<void> {
  const areas = await tx.selectFrom('areas').select(['id', 'name_en']).execute();
  const product = await tx.selectFrom('products').select('id').where('code', '=', 'CR-GEL').executeTakeFirst();
  const appointmentIds: number[] = [];
  for (const demo of demoAppointments(today)) {
    const row = await tx
      .insertInto('appointments')
      .values({
        client_id: ids.clients[demo.client] ?? ids.clients[0]!,
        address: demo.address,
        area_id: areas.find((a) => a.name_en === demo.area)?.id ?? null,
        branch_id: ids.branch,
        appointment_type: demo.type,
        notes: demo.notes,
        ...seriesColumns(demo.series),
        created_by: ids.sales,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    appointmentIds.push(row.id);
    await tx
      .insertInto('appointment_workers')
      .values(demo.workers.map((w) => ({ appointment_id: row.id, user_id: w === 'worker' ? ids.worker : ids.sales })))
      .execute();
  }
  const signature = demoSignature();
  const weeklyId = appointmentIds[0]!;
  const report = {
    findings: '廚房櫃底發現德國蟑螂活動跡象，雪櫃後方有蟲卵。',
    products_used: JSON.stringify(product ? [{ productId: product.id, quantity: 100, note: '廚房及浴室' }] : []),
    client_signature: signature,
    client_signer: '陳大文',
    worker_signature: signature,
    worker_signer_id: ids.worker,
    reported_by: ids.worker,
  };
  const first = addDays(today, -14);
  const second = addDays(today, -7);
  await tx
    .insertInto('appointment_visits')
    .values([
      { appointment_id: weeklyId, date: first, status: 'auditing', work_done: '廚房及浴室施放蟑螂膠餌，檢查渠口。', ...report, client_signed_at: new Date(`${first}T03:00:00Z`), worker_signed_at: new Date(`${first}T03:00:00Z`), reported_at: new Date(`${first}T03:05:00Z`) },
      { appointment_id: weeklyId, date: second, status: 'ended', work_done: '補充膠餌，客戶反映情況改善。', ...report, client_signed_at: new Date(`${second}T03:00:00Z`), worker_signed_at: new Date(`${second}T03:00:00Z`), reported_at: new Date(`${second}T03:05:00Z`) },
    ])
    .execute();
}
