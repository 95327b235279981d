import type { Kysely } from 'kysely';
import type { User } from '../../domain/auth/user';
import { seesAll } from '../appointments/store';
import type { Database } from '../db/schema';
import { paymentMethodFilter } from '../admin/lists/optionLists';

/**
 * The choices the report filter screens offer (branches, staff, categories, products, areas,
 * appointment types, payment methods). The filter screens have no screen data of their own (spec §2); they read
 * these once to fill their selects.
 */
export async function reportOptions(db: Kysely<Database>, user: User) {
  const [branches, staff, categories, products, areas, types] = await Promise.all([
    db.selectFrom('branches').select(['id', 'name_en', 'name_zh']).orderBy('id').execute(),
    db.selectFrom('users').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('product_categories').select(['id', 'parent_id', 'name_en', 'name_zh']).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('products').select(['id', 'code', 'name_en', 'name_zh']).orderBy('code').execute(),
    db.selectFrom('areas').select(['id', 'name_en', 'name_zh']).orderBy('sort_order').execute(),
    db.selectFrom('options').select(['value', 'label_en', 'label_zh']).where('key', '=', 'appointment_type').orderBy('sort_order').execute(),
  ]);
  return {
    branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh })),
    staff: staff.map((u) => ({ id: u.id, name: u.name })),
    // Without appointment_view_all the appointment reports show only the user's own visits.
    workers: seesAll(user) ? staff.map((u) => ({ id: u.id, name: u.name })) : staff.filter((u) => u.id === user.id).map((u) => ({ id: u.id, name: u.name })),
    categories: categories.map((k) => ({ id: k.id, parentId: k.parent_id, nameEn: k.name_en, nameZh: k.name_zh })),
    products: products.map((p) => ({ id: p.id, code: p.code, nameEn: p.name_en, nameZh: p.name_zh })),
    areas: areas.map((a) => ({ id: a.id, nameEn: a.name_en, nameZh: a.name_zh })),
    appointmentTypes: types.map((t) => ({ value: t.value, nameEn: t.label_en, nameZh: t.label_zh })),
    paymentMethods: await paymentMethodFilter(db),
  };
}
