/** Products and categories as the screens receive them. */
type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const nullableInt = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface Category {
  readonly id: number;
  readonly parentId: number | null;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly commissionRateBp: number | null;
  readonly sortOrder: number;
  readonly productCount: number;
  readonly version: number;
  readonly children: readonly Category[];
}

export function decodeCategory(v: unknown): Category | null {
  if (!isRecord(v) || typeof v.id !== 'number') return null;
  return {
    id: v.id,
    parentId: nullableInt(v.parentId),
    nameEn: str(v.nameEn),
    nameZh: str(v.nameZh),
    commissionRateBp: nullableInt(v.commissionRateBp),
    sortOrder: int(v.sortOrder),
    productCount: int(v.productCount),
    version: int(v.version),
    children: decodeCategories(v.children),
  };
}

export function decodeCategories(v: unknown): Category[] {
  return Array.isArray(v) ? v.map(decodeCategory).filter((c): c is Category => c !== null) : [];
}

/** The tree as a flat list in display order (each top-level category followed by its sub-categories). */
export function flattenCategories(tree: readonly Category[]): Category[] {
  return tree.flatMap((top) => [top, ...top.children]);
}

export interface ProductRow {
  readonly id: number;
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly unit: string;
  readonly unitPrice: number;
  readonly active: boolean;
  readonly category: { readonly nameEn: string; readonly nameZh: string } | null;
}

export function decodeProductRows(v: unknown): ProductRow[] {
  return Array.isArray(v)
    ? v.filter(isRecord).map((r) => ({
        id: int(r.id),
        code: str(r.code),
        nameEn: str(r.nameEn),
        nameZh: str(r.nameZh),
        unit: str(r.unit),
        unitPrice: int(r.unitPrice),
        active: r.active !== false,
        category: isRecord(r.category) ? { nameEn: str(r.category.nameEn), nameZh: str(r.category.nameZh) } : null,
      }))
    : [];
}

export interface Product {
  readonly id: number;
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly categoryId: number | null;
  readonly unit: string;
  readonly unitPrice: number;
  readonly commissionRateBp: number | null;
  readonly active: boolean;
  readonly version: number;
}

export function decodeProduct(v: unknown): Product | null {
  if (!isRecord(v) || typeof v.id !== 'number') return null;
  return {
    id: v.id,
    code: str(v.code),
    nameEn: str(v.nameEn),
    nameZh: str(v.nameZh),
    categoryId: nullableInt(v.categoryId),
    unit: str(v.unit),
    unitPrice: int(v.unitPrice),
    commissionRateBp: nullableInt(v.commissionRateBp),
    active: v.active !== false,
    version: int(v.version),
  };
}
