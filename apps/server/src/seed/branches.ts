import { REGIONS, type Region } from '@ilson/contracts';
import { instantOn } from './dates';
import { BRANCH_CITY, type FakerPools, REGION_INFO, REGION_WEIGHTS } from './pools';
import { createRng } from './random';

export type SeedBranch = {
  id: number;
  name: string;
  code: string;
  region: Region;
  address: string;
  phone: string;
  status: 'active' | 'inactive';
  createdAt: Date;
};

const REGION_CODES: Record<Region, string> = {
  서울특별시: 'SEL',
  부산광역시: 'PUS',
  대구광역시: 'TAE',
  인천광역시: 'ICN',
  광주광역시: 'KWJ',
  대전광역시: 'TJN',
  울산광역시: 'USN',
  세종특별자치시: 'SJG',
  경기도: 'GGD',
  강원특별자치도: 'GWD',
  충청북도: 'CBD',
  충청남도: 'CND',
  전북특별자치도: 'JBD',
  전라남도: 'JND',
  경상북도: 'GBD',
  경상남도: 'GND',
  제주특별자치도: 'JJU',
};

/** The first 17 branches cover every 시도; more go where the employers are. */
export function generateBranches(
  count: number,
  seed: number,
  pools: FakerPools,
  today: string,
): SeedBranch[] {
  const rng = createRng(seed, 'branches');
  const perRegion = new Map<Region, number>();
  const rows: SeedBranch[] = [];
  for (let id = 1; id <= count; id++) {
    const region = id <= REGIONS.length ? REGIONS[id - 1]! : rng.weighted(REGION_WEIGHTS);
    const n = (perRegion.get(region) ?? 0) + 1;
    perRegion.set(region, n);
    const info = REGION_INFO[region];
    const district = info.districts[(n - 1) % info.districts.length]!;
    const districtShort = district.split(' ')[0]!.replace(/(시|군|구|읍|면)$/, '');
    const suffix = n > info.districts.length ? ` ${Math.ceil(n / info.districts.length)}` : '';
    rows.push({
      id,
      name: `${BRANCH_CITY[region]} ${districtShort}지점${suffix}`,
      code: `${REGION_CODES[region]}-${String(n).padStart(2, '0')}`,
      region,
      address: `${region} ${district} ${rng.pick(pools.streets)} ${rng.int(1, 300)}, ${rng.int(2, 9)}층`,
      phone: `${info.area}${rng.int(200, 999)}${rng.digits(4)}`,
      status: rng.chance(0.05) && id > REGIONS.length ? 'inactive' : 'active',
      createdAt: instantOn(
        `${Number(today.slice(0, 4)) - 4}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
        rng.int(32_400, 64_800),
      ),
    });
  }
  return rows;
}
