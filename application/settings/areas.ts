/** A Hong Kong district as /api/areas lists it. */
export interface Area {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly region: 'hk_island' | 'kowloon' | 'new_territories';
  readonly sortOrder: number;
}

const REGIONS = new Set(['hk_island', 'kowloon', 'new_territories']);

/** The areas among a screen's items; anything that is not one is left out. */
export function decodeAreas(items: readonly unknown[]): Area[] {
  return items.flatMap((item): Area[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, nameEn, nameZh, region, sortOrder } = item as Record<string, unknown>;
    if (typeof id !== 'number' || typeof nameEn !== 'string' || typeof nameZh !== 'string' || typeof region !== 'string' || !REGIONS.has(region)) return [];
    return [{ id, nameEn, nameZh, region: region as Area['region'], sortOrder: typeof sortOrder === 'number' ? sortOrder : 0 }];
  });
}
