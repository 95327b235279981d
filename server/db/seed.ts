import type { Kysely, Transaction } from 'kysely';
import { CODE_KEYS, CODE_SETTINGS } from '../../domain/settings/codes';
import type { OptionKey } from '../../domain/settings/options';
import { HK_PUBLIC_HOLIDAYS } from './hkPublicHolidays';
import { ALL_PERMISSIONS, type Permission } from '../../domain/auth/permissions';
import { maskHkid, parseHkid } from '../../domain/hk/hkid';
import type { Language } from '../../domain/i18n/language';
import { hongKongDate, type IsoDate } from '../../domain/time/dates';
import type { Encrypter } from '../auth/encryption';
import type { PasswordHasher } from '../auth/password-hasher';
import type { Database } from './schema';
import { seedAppointments } from './seedAppointments';
import { seedSales } from './seedSales';

const areaPermissions = (area: string, actions: readonly string[]): Permission[] =>
  actions.map((action) => `${area}_${action}` as Permission);

/** The three demo roles. The admin role holds every permission; the others what their work needs. */
export const DEMO_ROLES: Readonly<Record<'admin' | 'sales' | 'worker', readonly Permission[]>> = {
  admin: ALL_PERMISSIONS,
  sales: [
    'dashboard_view',
    ...areaPermissions('appointment', ['view', 'create', 'edit']),
    ...areaPermissions('quotation', ['view', 'create', 'edit', 'delete']),
    ...areaPermissions('order', ['view', 'create', 'edit']),
    ...areaPermissions('receipt', ['view', 'create', 'edit']),
    ...areaPermissions('client', ['view', 'create', 'edit']),
    ...areaPermissions('product', ['view']),
    'report_view',
    'file_view_branch',
    'appointment_view_all',
  ],
  // What the job needs and no more (issue 31 item 21): their own visits, each with its client's
  // contacts, the products planned and the products a report may list (no prices), all read through
  // the appointment's replies. No client_view (every client's contacts) nor product_view (the
  // catalogue, with prices): those are the office's.
  worker: ['dashboard_view', ...areaPermissions('appointment', ['view', 'edit']), 'file_view_own'],
};

export interface DemoUser {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly role: keyof typeof DEMO_ROLES;
  readonly isAdmin: boolean;
  readonly language: Language;
  readonly calendarColor: string | null;
}

/** Demo sign-ins, printed in the README. */
export const DEMO_USERS: readonly DemoUser[] = [
  { name: 'Ada Chan 陳愛達', email: 'admin@example.com', password: 'Admin1234', role: 'admin', isAdmin: true, language: 'zh-HK', calendarColor: null },
  { name: 'Sam Lee 李俊森', email: 'sales@example.com', password: 'Sales1234', role: 'sales', isAdmin: false, language: 'zh-HK', calendarColor: null },
  { name: 'Wing Wong 黃永', email: 'worker@example.com', password: 'Worker1234', role: 'worker', isAdmin: false, language: 'zh-HK', calendarColor: '#1f7a4d' },
];

/** The 18 districts of Hong Kong, by region, in the government's order. */
export const HK_DISTRICTS: readonly { nameEn: string; nameZh: string; region: 'hk_island' | 'kowloon' | 'new_territories' }[] = [
  { nameEn: 'Central and Western', nameZh: '中西區', region: 'hk_island' },
  { nameEn: 'Wan Chai', nameZh: '灣仔區', region: 'hk_island' },
  { nameEn: 'Eastern', nameZh: '東區', region: 'hk_island' },
  { nameEn: 'Southern', nameZh: '南區', region: 'hk_island' },
  { nameEn: 'Yau Tsim Mong', nameZh: '油尖旺區', region: 'kowloon' },
  { nameEn: 'Sham Shui Po', nameZh: '深水埗區', region: 'kowloon' },
  { nameEn: 'Kowloon City', nameZh: '九龍城區', region: 'kowloon' },
  { nameEn: 'Wong Tai Sin', nameZh: '黃大仙區', region: 'kowloon' },
  { nameEn: 'Kwun Tong', nameZh: '觀塘區', region: 'kowloon' },
  { nameEn: 'Kwai Tsing', nameZh: '葵青區', region: 'new_territories' },
  { nameEn: 'Tsuen Wan', nameZh: '荃灣區', region: 'new_territories' },
  { nameEn: 'Tuen Mun', nameZh: '屯門區', region: 'new_territories' },
  { nameEn: 'Yuen Long', nameZh: '元朗區', region: 'new_territories' },
  { nameEn: 'North', nameZh: '北區', region: 'new_territories' },
  { nameEn: 'Tai Po', nameZh: '大埔區', region: 'new_territories' },
  { nameEn: 'Sha Tin', nameZh: '沙田區', region: 'new_territories' },
  { nameEn: 'Sai Kung', nameZh: '西貢區', region: 'new_territories' },
  { nameEn: 'Islands', nameZh: '離島區', region: 'new_territories' },
];

/** The option lists a new database starts with (Settings → Options). */
export const DEMO_OPTIONS: Readonly<Record<OptionKey, readonly { value: string; en: string; zh: string }[]>> = {
  payment_method: [
    { value: 'cash', en: 'Cash', zh: '現金' },
    { value: 'cheque', en: 'Cheque', zh: '支票' },
    { value: 'bank_transfer', en: 'Bank transfer', zh: '銀行轉賬' },
    { value: 'fps', en: 'FPS', zh: '轉數快' },
  ],
  appointment_type: [
    { value: 'inspection', en: 'Inspection', zh: '視察' },
    { value: 'treatment', en: 'Treatment', zh: '處理' },
    { value: 'follow_up', en: 'Follow-up', zh: '跟進' },
  ],
  client_source: [
    { value: 'referral', en: 'Referral', zh: '轉介' },
    { value: 'website', en: 'Website', zh: '網站' },
    { value: 'phone', en: 'Phone enquiry', zh: '電話查詢' },
  ],
  refund_reason: [
    { value: 'overpaid', en: 'Overpaid', zh: '多付' },
    { value: 'service_cancelled', en: 'Service cancelled', zh: '服務取消' },
  ],
  cancellation_reason: [
    { value: 'client_request', en: 'Client request', zh: '客戶要求' },
    { value: 'weather', en: 'Bad weather', zh: '天氣惡劣' },
  ],
};

async function seedAdministration(tx: Transaction<Database>, companyId: number): Promise<void> {
  await tx
    .updateTable('companies')
    .set({
      address_en: '1 Harbour Road, Wan Chai, Hong Kong',
      address_zh: '香港灣仔港灣道 1 號',
      phone: '+852 2123 4567',
      email: 'info@harbourpest.example.com',
      br_number: '12345678-000-01-26-0',
    })
    .where('id', '=', companyId)
    .execute();
  await tx
    .insertInto('options')
    .values(
      (Object.entries(DEMO_OPTIONS) as [OptionKey, (typeof DEMO_OPTIONS)[OptionKey]][]).flatMap(([key, values]) =>
        values.map((o, i) => ({ key, value: o.value, label_en: o.en, label_zh: o.zh, sort_order: i + 1 })),
      ),
    )
    .execute();
  await tx
    .insertInto('settings')
    .values(CODE_KEYS.map((key) => ({ key, value: CODE_SETTINGS[key].default })))
    .execute();
  await tx
    .insertInto('order_terms')
    .values([
      {
        title_en: 'Payment',
        title_zh: '付款',
        body_en: 'Payment is due within 30 days of the invoice date. Cheques payable to Harbour Pest Services Ltd.',
        body_zh: '請於發票日期起計 30 天內付款。支票抬頭請寫「海港除蟲服務有限公司」。',
        applies_to: 'both',
        sort_order: 1,
      },
      {
        title_en: 'Service warranty',
        title_zh: '服務保養',
        body_en: 'Treated areas are covered for 90 days; return visits within this period are free of charge.',
        body_zh: '已處理範圍享 90 天保養，期間覆診費用全免。',
        applies_to: 'quotation',
        sort_order: 2,
      },
    ])
    .execute();
  // Hong Kong general holidays for 2026 and 2027 only (SEEDED_HOLIDAY_YEARS); an administrator adds later years.
  await tx
    .insertInto('holidays')
    .values(HK_PUBLIC_HOLIDAYS.map((h) => ({ date: h.date, name_en: h.nameEn, name_zh: h.nameZh })))
    .execute();
}

/** Demo product categories (category → sub-categories) and products with Hong Kong prices (and the pesticides' active ingredients). */
export const DEMO_CATEGORIES = [
  { nameZh: '滅蟲服務', nameEn: 'Pest control', rateBp: 800, children: [
    { nameZh: '白蟻', nameEn: 'Termites' },
    { nameZh: '蟑螂', nameEn: 'Cockroaches' },
    { nameZh: '鼠患', nameEn: 'Rodents' },
  ] },
  { nameZh: '消毒服務', nameEn: 'Disinfection', rateBp: null, children: [] },
  { nameZh: '產品', nameEn: 'Products', rateBp: 300, children: [] },
] as const;

export const DEMO_PRODUCTS = [
  { code: 'TM-INSP', nameZh: '白蟻視察', nameEn: 'Termite inspection', category: 'Termites', unit: 'visit', price: 80_000 },
  { code: 'TM-BAIT', nameZh: '白蟻餌站安裝', nameEn: 'Termite bait station installation', category: 'Termites', unit: 'set', price: 420_000, ingredient: 'Hexaflumuron 0.5%' },
  { code: 'CR-GEL', nameZh: '蟑螂膠餌處理', nameEn: 'Cockroach gel bait treatment', category: 'Cockroaches', unit: 'visit', price: 68_000, ingredient: 'Fipronil 0.05%' },
  { code: 'RD-TRAP', nameZh: '捕鼠器放置', nameEn: 'Rodent trap placement', category: 'Rodents', unit: 'visit', price: 95_000 },
  { code: 'DS-FOG', nameZh: '全屋消毒噴霧', nameEn: 'Whole-flat disinfection fogging', category: 'Disinfection', unit: 'sqft', price: 350 },
  { code: 'DS-MONTH', nameZh: '每月消毒保養', nameEn: 'Monthly disinfection plan', category: 'Disinfection', unit: 'month', price: 150_000 },
  { code: 'PR-SPRAY', nameZh: '家用殺蟲噴劑', nameEn: 'Household insecticide spray', category: 'Products', unit: 'bottle', price: 8_800, ingredient: 'Cypermethrin 0.2%' },
  { code: 'PR-TRAP', nameZh: '黏鼠板（一盒十塊）', nameEn: 'Glue traps (box of 10)', category: 'Products', unit: 'box', price: 12_000 },
] as const;

async function seedProducts(tx: Transaction<Database>): Promise<void> {
  const ids = new Map<string, number>();
  for (const [index, top] of DEMO_CATEGORIES.entries()) {
    const row = await tx
      .insertInto('product_categories')
      .values({ name_zh: top.nameZh, name_en: top.nameEn, commission_rate_bp: top.rateBp, sort_order: index + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(top.nameEn, row.id);
    for (const [childIndex, child] of top.children.entries()) {
      const sub = await tx
        .insertInto('product_categories')
        .values({ name_zh: child.nameZh, name_en: child.nameEn, parent_id: row.id, sort_order: childIndex + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(child.nameEn, sub.id);
    }
  }
  await tx
    .insertInto('products')
    .values(DEMO_PRODUCTS.map((p) => ({ code: p.code, name_zh: p.nameZh, name_en: p.nameEn, category_id: ids.get(p.category) ?? null, unit: p.unit, unit_price: p.price, active_ingredient: 'ingredient' in p ? p.ingredient : '' })))
    .execute();
}

/** Whether the database holds no users yet (a new database gets the demo seed). */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Demo clients: households and businesses around Hong Kong, with contacts and addresses. */
export const DEMO_CLIENTS = [
  {
    nameZh: '陳大文',
    nameEn: 'Chan Tai Man',
    hkid: 'A123456(3)',
    tags: ['住宅', 'VIP'],
    contacts: [{ name: '陳大文', title: '業主', phones: ['91234567'], email: 'taiman.chan@example.com' }],
    addresses: [{ label: '住宅', address: '香港灣仔軒尼詩道 100 號 12 樓 A 室', district: 'Wan Chai' }],
  },
  {
    nameZh: '金龍酒家有限公司',
    nameEn: 'Golden Dragon Restaurant Ltd.',
    hkid: null,
    tags: ['餐廳', '合約'],
    contacts: [
      { name: '李經理', title: '經理', phones: ['23456789', '98765432'], email: 'manager@goldendragon.example.com' },
      { name: 'Mary Wong', title: 'Accounts', phones: ['23456780'], email: 'accounts@goldendragon.example.com' },
    ],
    addresses: [{ label: '餐廳', address: '九龍旺角彌敦道 600 號地下', district: 'Yau Tsim Mong' }],
  },
  {
    nameZh: '',
    nameEn: 'Harbourview Property Management',
    hkid: null,
    tags: ['物業管理'],
    contacts: [{ name: 'Peter Ho', title: 'Facilities Manager', phones: ['+85229876543'], email: 'peter.ho@harbourview.example.com' }],
    addresses: [
      { label: 'Block A', address: '1 Harbour View Road, Tsuen Wan, New Territories', district: 'Tsuen Wan' },
      { label: 'Block B', address: '3 Harbour View Road, Tsuen Wan, New Territories', district: 'Tsuen Wan' },
    ],
  },
] as const;

/**
 * Creates the demo company, branch, roles, the 18 districts, one user per role, a few clients and
 * products, and quotations, orders, receipts and appointments dated around `today` (the seeding
 * day in Hong Kong unless given), in one transaction.
 */
export async function seedDemo(db: Kysely<Database>, passwords: PasswordHasher, encrypter: Encrypter, today: IsoDate = hongKongDate(new Date())): Promise<void> {
  const hashes = await Promise.all(DEMO_USERS.map((u) => passwords.hash(u.password)));
  const sealedHkids = await Promise.all(DEMO_CLIENTS.map((client) => (client.hkid ? encrypter.encrypt(client.hkid) : Promise.resolve(null))));
  await db.transaction().execute(async (tx) => {
    const company = await tx
      .insertInto('companies')
      .values({ name_en: 'Harbour Pest Services Ltd.', name_zh: '海港除蟲服務有限公司' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const branch = await tx
      .insertInto('branches')
      .values({ company_id: company.id, name_en: 'Head Office', name_zh: '總公司', address: '1 Harbour Road, Wan Chai, Hong Kong', phone: '+852 2123 4567' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const roleIds = new Map<string, number>();
    for (const [name, permissions] of Object.entries(DEMO_ROLES)) {
      const role = await tx.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow();
      roleIds.set(name, role.id);
      await tx
        .insertInto('role_permissions')
        .values(permissions.map((permission) => ({ role_id: role.id, permission })))
        .execute();
    }

    await tx
      .insertInto('areas')
      .values(HK_DISTRICTS.map((d, i) => ({ name_en: d.nameEn, name_zh: d.nameZh, region: d.region, sort_order: i + 1 })))
      .execute();

    const users = await tx
      .insertInto('users')
      .values(
        DEMO_USERS.map((u, i) => ({
          name: u.name,
          email: u.email,
          password_hash: hashes[i] ?? '',
          language: u.language,
          role_id: roleIds.get(u.role) ?? null,
          branch_id: branch.id,
          company_id: company.id,
          is_admin: u.isAdmin,
          calendar_color: u.calendarColor,
        })),
      )
      .returning('id')
      .execute();

    await seedAdministration(tx, company.id);
    await seedProducts(tx);

    const areas = await tx.selectFrom('areas').select(['id', 'name_en']).execute();
    const clientIds: number[] = [];
    for (const [index, client] of DEMO_CLIENTS.entries()) {
      const row = await tx
        .insertInto('clients')
        .values({
          name_zh: client.nameZh,
          name_en: client.nameEn,
          hkid_sealed: sealedHkids[index] ?? null,
          hkid_masked: client.hkid ? parseHkid(client.hkid).map(maskHkid).unwrapOr(null) : null,
          tags: JSON.stringify(client.tags),
          company_id: company.id,
          branch_id: branch.id,
          created_by: users[1]?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      clientIds.push(row.id);
      await tx
        .insertInto('client_contacts')
        .values(client.contacts.map((c, i) => ({ client_id: row.id, name: c.name, title: c.title, phones: JSON.stringify(c.phones), email: c.email, is_primary: i === 0, sort_order: i })))
        .execute();
      await tx
        .insertInto('client_addresses')
        .values(
          client.addresses.map((a, i) => ({
            client_id: row.id,
            label: a.label,
            address: a.address,
            area_id: areas.find((area) => area.name_en === a.district)?.id ?? null,
            sort_order: i,
          })),
        )
        .execute();
    }

    const [adminId, salesId] = [users[0]?.id, users[1]?.id];
    if (adminId !== undefined && salesId !== undefined) await seedSales(tx, today, { branchId: branch.id, salesId, adminId });
    await seedAppointments(tx, today, { clients: clientIds, worker: users[2]!.id, sales: users[1]!.id, branch: branch.id });
  });
}
