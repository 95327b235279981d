import type { Decode } from '../../application/api/ApiClient';
import type { ScreenKey } from '../../application/navigation/routes';
import type { ScreenDataTypes } from '../../application/navigation/screenData';
import type { ScreenDataDecoders } from '../../application/ports/ScreenDataDecoders';
import { loadClientArea } from './clients/load';

/**
 * Each screen's decoder, loaded on demand: an area's adapters give theirs in one lazily imported
 * module (e.g. `infrastructure/http/products/screens.ts`), so the contract of a screen reaches the
 * browser with that screen, not with the sign-in page. Typed by `ScreenDataTypes`: a decoder must
 * make the type its screen reads.
 */
export type ScreenDecoderLoaders = { readonly [K in keyof ScreenDataTypes]?: () => Promise<Decode<ScreenDataTypes[K]>> };

/** Every screen key that has a type must be a screen of the route table (a compile error otherwise). */
type OnlyRouteScreens = [Exclude<keyof ScreenDataTypes, ScreenKey>] extends [never] ? true : never;
export const ONLY_ROUTE_SCREENS: OnlyRouteScreens = true;

export class ContractScreenDataDecoders implements ScreenDataDecoders {
  private readonly loaded = new Map<ScreenKey, Promise<Decode<unknown>>>();

  constructor(private readonly loaders: ScreenDecoderLoaders) {}

  decoderFor(screen: ScreenKey): PromiseLike<Decode<unknown>> | undefined {
    const load = (this.loaders as Partial<Record<ScreenKey, () => Promise<Decode<unknown>>>>)[screen];
    if (!load) return undefined;
    let decoder = this.loaded.get(screen);
    if (!decoder) {
      decoder = load();
      // A failed load (the network dropped) is tried again next time.
      void decoder.catch(() => this.loaded.delete(screen));
      this.loaded.set(screen, decoder);
    }
    return decoder;
  }
}

// One import point per area: each dynamic import() adds its chunk's file list to the entry.
const reportScreens = () => import('./reports/screens');
const adminScreens = () => import('./admin/screens');
const appointmentScreens = () => import('./appointments/screens');
const products = () => import('./products/screens');
const account = () => import('./account/screens');
const settingsScreens = () => import('./admin/settingsScreens');
const mailScreens = () => import('./mail/screens');
const reminderScreens = () => import('./reminders/screens');
/** The Settings lists' and organisation's screens: their decoders in one lazily loaded module. */
const SETTINGS_SCREENS = ['orderTerms', 'options', 'areas', 'holidays', 'codes', 'companies', 'companyForm', 'branches', 'branchForm'] as const;
/** A sales screen's decoder, from the sales screens' module (one chunk for the five). */
const sales =
  <K extends 'quotations' | 'quotation' | 'orders' | 'order' | 'receipts' | 'customerDocument'>(screen: K) =>
  () =>
    import('./sales/screens').then((m) => m.salesScreens[screen]);

/** The screens with a decoder, area by area (each area adds its lines). */
export const SCREEN_DECODERS: ScreenDecoderLoaders = {
  customerDocument: sales('customerDocument'),
  dashboard: () => reportScreens().then((m) => m.dashboard),
  reportResult: () => reportScreens().then((m) => m.reportResult),
  clients: () => loadClientArea().then((m) => m.clients()),
  clientCreate: () => loadClientArea().then((m) => m.clientCreate()),
  client: () => loadClientArea().then((m) => m.client()),
  appointmentCreate: () => appointmentScreens().then((m) => m.appointmentCreate),
  appointment: () => appointmentScreens().then((m) => m.appointment),
  users: () => adminScreens().then((m) => m.users),
  userForm: () => adminScreens().then((m) => m.userForm),
  roles: () => adminScreens().then((m) => m.roles),
  roleForm: () => adminScreens().then((m) => m.roleForm),
  audit: () => adminScreens().then((m) => m.audit),
  mailSettings: () => mailScreens().then((m) => m.mailSettings),
  jobs: () => mailScreens().then((m) => m.jobs),
  reminderSettings: () => reminderScreens().then((m) => m.reminderSettings),
  reminderLog: () => reminderScreens().then((m) => m.reminderLog),
  products: () => products().then((m) => m.products),
  productForm: () => products().then((m) => m.productForm),
  categories: () => products().then((m) => m.categories),
  categoryForm: () => products().then((m) => m.categoryForm),
  apiTokens: () => account().then((m) => m.apiTokens),
  profile: () => account().then((m) => m.profile),
  twoFactorSetup: () => account().then((m) => m.twoFactorSetup),
  ...(Object.fromEntries(SETTINGS_SCREENS.map((key) => [key, () => settingsScreens().then((m) => m.SETTINGS_SCREEN_DECODERS[key])])) as Pick<ScreenDecoderLoaders, (typeof SETTINGS_SCREENS)[number]>),
  quotations: sales('quotations'),
  quotation: sales('quotation'),
  orders: sales('orders'),
  order: sales('order'),
  receipts: sales('receipts'),
};
