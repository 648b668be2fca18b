/**
 * Issuer generation: about 300 fictional but plausible issuers across the 11 sectors, with
 * industries, tickers, CUSIP issuer numbers, ratings (and a rating change for some), parents.
 */
import { LAST_IG_NOTCH, SECTORS, type SectorCode } from '../../../../common/market';
import type { Rng } from './random';

/** Industries (the second sector level) of each sector, with a name suffix typical of it. */
export const INDUSTRIES: Record<SectorCode, { name: string; suffixes: string[] }[]> = {
  COMM: [
    { name: 'Telecommunications', suffixes: ['Communications', 'Telecom', 'Wireless'] },
    { name: 'Media & Entertainment', suffixes: ['Media', 'Entertainment', 'Broadcasting'] },
    { name: 'Cable & Satellite', suffixes: ['Cable', 'Networks'] },
  ],
  COND: [
    { name: 'Automobiles', suffixes: ['Motors', 'Automotive'] },
    { name: 'Retail', suffixes: ['Stores', 'Retail'] },
    { name: 'Hotels & Leisure', suffixes: ['Resorts', 'Hospitality', 'Leisure'] },
    { name: 'Homebuilders', suffixes: ['Homes', 'Building'] },
  ],
  CONS: [
    { name: 'Food & Beverage', suffixes: ['Foods', 'Beverage', 'Brands'] },
    { name: 'Household Products', suffixes: ['Products', 'Consumer'] },
    { name: 'Tobacco', suffixes: ['Tobacco'] },
  ],
  ENRG: [
    { name: 'Integrated Oil & Gas', suffixes: ['Energy', 'Petroleum'] },
    { name: 'Exploration & Production', suffixes: ['Resources', 'Exploration'] },
    { name: 'Midstream', suffixes: ['Pipeline', 'Midstream Partners'] },
  ],
  FINL: [
    { name: 'Banks', suffixes: ['Bancorp', 'Financial', 'Bank'] },
    { name: 'Insurance', suffixes: ['Insurance', 'Assurance', 'Life'] },
    { name: 'Asset Managers & Brokers', suffixes: ['Capital', 'Holdings', 'Partners'] },
    { name: 'Consumer Finance', suffixes: ['Credit', 'Finance'] },
  ],
  HLTH: [
    { name: 'Pharmaceuticals', suffixes: ['Pharmaceuticals', 'Therapeutics'] },
    { name: 'Health Care Providers', suffixes: ['Health', 'Healthcare'] },
    { name: 'Medical Devices', suffixes: ['Medical', 'Scientific'] },
  ],
  INDU: [
    { name: 'Aerospace & Defense', suffixes: ['Aerospace', 'Defense Systems'] },
    { name: 'Machinery', suffixes: ['Industries', 'Machinery'] },
    { name: 'Transportation', suffixes: ['Logistics', 'Rail', 'Airlines'] },
  ],
  INFT: [
    { name: 'Software', suffixes: ['Software', 'Systems'] },
    { name: 'Semiconductors', suffixes: ['Semiconductor', 'Micro'] },
    { name: 'Hardware', suffixes: ['Technologies', 'Devices'] },
  ],
  MATR: [
    { name: 'Chemicals', suffixes: ['Chemical', 'Materials'] },
    { name: 'Metals & Mining', suffixes: ['Mining', 'Steel', 'Metals'] },
    { name: 'Packaging', suffixes: ['Packaging', 'Containers'] },
  ],
  REAL: [
    { name: 'REITs', suffixes: ['Realty', 'Properties', 'REIT'] },
    { name: 'Real Estate Services', suffixes: ['Real Estate', 'Land'] },
  ],
  UTIL: [
    { name: 'Electric Utilities', suffixes: ['Power', 'Electric', 'Energy'] },
    { name: 'Gas Utilities', suffixes: ['Gas', 'Natural Gas'] },
    { name: 'Water Utilities', suffixes: ['Water'] },
  ],
};

/** Share of issuers per sector (roughly the IG+HY index composition). */
const SECTOR_WEIGHTS: Record<SectorCode, number> = {
  COMM: 8,
  COND: 9,
  CONS: 7,
  ENRG: 9,
  FINL: 22,
  HLTH: 9,
  INDU: 10,
  INFT: 8,
  MATR: 6,
  REAL: 5,
  UTIL: 7,
};

const ROOTS = [
  'Acme',
  'Allegheny',
  'Alder',
  'Amber',
  'Apex',
  'Arbor',
  'Ardent',
  'Argent',
  'Atlas',
  'Aurora',
  'Avalon',
  'Banner',
  'Bayside',
  'Beacon',
  'Bellwether',
  'Birch',
  'Blackstone',
  'Bluewater',
  'Boulder',
  'Bramble',
  'Brightline',
  'Broadmoor',
  'Cambria',
  'Canyon',
  'Capstone',
  'Cardinal',
  'Cascade',
  'Cedar',
  'Centennial',
  'Chesapeake',
  'Cimarron',
  'Clearwater',
  'Coastal',
  'Cobalt',
  'Columbia',
  'Compass',
  'Concord',
  'Copperline',
  'Corbel',
  'Crestview',
  'Crown',
  'Cypress',
  'Delta',
  'Dominion',
  'Dover',
  'Eagle',
  'Eastgate',
  'Elmwood',
  'Emerald',
  'Empire',
  'Ensign',
  'Evergreen',
  'Fairhaven',
  'Falcon',
  'Fieldstone',
  'Firstmark',
  'Foxhill',
  'Frontier',
  'Gateway',
  'Glacier',
  'Granite',
  'Greystone',
  'Harbor',
  'Hartwell',
  'Hawthorne',
  'Heritage',
  'Highland',
  'Horizon',
  'Hudson',
  'Ironwood',
  'Juniper',
  'Keystone',
  'Kingsbridge',
  'Lakeshore',
  'Landmark',
  'Laurel',
  'Lexington',
  'Liberty',
  'Lighthouse',
  'Lincoln',
  'Magnolia',
  'Mariner',
  'Meridian',
  'Midland',
  'Monarch',
  'Montauk',
  'Northgate',
  'Northwind',
  'Oakmont',
  'Olympic',
  'Orion',
  'Pacifica',
  'Palisade',
  'Paragon',
  'Patriot',
  'Peak',
  'Pinnacle',
  'Pioneer',
  'Prairie',
  'Presidio',
  'Quarry',
  'Radiant',
  'Redwood',
  'Ridgeline',
  'Riverbend',
  'Rockport',
  'Sagebrush',
  'Saratoga',
  'Sentinel',
  'Sequoia',
  'Shoreline',
  'Sierra',
  'Silverline',
  'Summit',
  'Sterling',
  'Stonebridge',
  'Sycamore',
  'Tahoe',
  'Tidewater',
  'Timberline',
  'Trident',
  'Tristar',
  'Union',
  'Valley',
  'Vanguardia',
  'Vector',
  'Vista',
  'Wabash',
  'Westbrook',
  'Whitestone',
  'Willow',
  'Windham',
  'Yellowstone',
  'Zenith',
];
const FORMS = ['Inc.', 'Corp.', 'Co.', 'Holdings Inc.', 'Group Inc.', 'LLC', 'LP', 'plc'];
const FOREIGN = ['GB', 'CA', 'DE', 'FR', 'JP', 'NL', 'CH', 'AU', 'MX', 'IE'];

/** Notch distribution of issuers (AAA … CCC-): ~72% IG, ~28% HY, like a broad corporate universe. */
const NOTCH_WEIGHTS = [0.6, 0.8, 1.2, 2.2, 4.5, 7, 8, 11, 13, 12, 5.5, 5, 4.5, 4, 3.8, 3.2, 1.6, 1, 0.5];

export interface SimIssuer {
  index: number;
  name: string;
  displayName: string;
  ticker: string;
  sector: SectorCode;
  industry: string;
  country: string;
  structure: string;
  /** Index of the parent issuer, if a subsidiary. */
  parent: number | null;
  cik: string | null;
  /** 6-character CUSIP issuer number. */
  cusipBase: string;
  /** S&P-scale notch at the start of history, and an optional later change. */
  notch: number;
  ratingChange: { date: string; notch: number } | null;
  /** Moody's notch minus S&P notch (split ratings). */
  moodyOffset: number;
  /** How much the issuer borrows relative to others (drives bond count and sizes). */
  scale: number;
}

const CUSIP_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function tickerOf(root: string, suffix: string, used: Set<string>, rng: Rng): string {
  const letters = (root + suffix).toUpperCase().replace(/[^A-Z]/g, '');
  const candidates = [
    letters.slice(0, 3),
    letters.slice(0, 4),
    root.slice(0, 2).toUpperCase() + suffix.charAt(0).toUpperCase(),
    letters.slice(0, 2) + letters.charAt(rng.int(2, letters.length - 1)),
    letters.slice(0, 3) + suffix.charAt(0).toUpperCase(),
  ];
  for (const c of candidates) if (c.length >= 2 && !used.has(c)) return c;
  for (;;) {
    const c = letters.slice(0, 2) + String.fromCharCode(65 + rng.int(0, 25)) + String.fromCharCode(65 + rng.int(0, 25));
    if (!used.has(c)) return c;
  }
}

/**
 * Generates `count` issuers; rating changes fall on days of `windowDays` (the history window).
 * Deterministic for a given stream.
 */
export function generateIssuers(rng: Rng, count: number, windowDays: string[]): SimIssuer[] {
  const sectorCodes = SECTORS.map((s) => s.code);
  const sectorWeights = sectorCodes.map((c) => SECTOR_WEIGHTS[c]);
  const usedNames = new Set<string>();
  const usedTickers = new Set<string>();
  const usedBases = new Set<string>();
  const issuers: SimIssuer[] = [];
  for (let i = 0; i < count; i++) {
    const sector = sectorCodes[rng.weighted(sectorWeights)]!;
    const industry = rng.pick(INDUSTRIES[sector]);
    const suffix = rng.pick(industry.suffixes);
    let root = rng.pick(ROOTS);
    while (usedNames.has(`${root} ${suffix}`)) root = `${rng.pick(ROOTS)}${rng.chance(0.5) ? '' : ' ' + rng.pick(ROOTS)}`;
    usedNames.add(`${root} ${suffix}`);
    const form = sector === 'ENRG' && suffix.includes('Partners') ? 'LP' : rng.pick(FORMS.slice(0, rng.chance(0.9) ? 5 : FORMS.length));
    const country = rng.chance(0.85) ? 'US' : rng.pick(FOREIGN);
    const ticker = tickerOf(root, suffix, usedTickers, rng);
    usedTickers.add(ticker);
    let base: string;
    do {
      base = Array.from({ length: 5 }, () => String(rng.int(0, 9))).join('') + CUSIP_CHARS[rng.int(0, CUSIP_CHARS.length - 1)];
    } while (usedBases.has(base));
    usedBases.add(base);
    let notch = rng.weighted(NOTCH_WEIGHTS);
    // Banks and utilities are rarely deep high yield; energy and consumer names more often are.
    if ((sector === 'FINL' || sector === 'UTIL') && notch > 12) notch -= 4;
    const volatile = notch > LAST_IG_NOTCH ? 0.2 : 0.1;
    let ratingChange: SimIssuer['ratingChange'] = null;
    if (windowDays.length > 20 && rng.chance(volatile)) {
      const up = rng.chance(0.35);
      const to = Math.max(0, Math.min(18, notch + (up ? -1 : 1) * (rng.chance(0.8) ? 1 : 2)));
      ratingChange = { date: windowDays[rng.int(5, windowDays.length - 1)]!, notch: to };
    }
    const structure = rng.pick(country === 'US' ? ['OpCo', 'OpCo', 'HoldCo', 'HoldCo'] : ['OpCo', 'HoldCo', 'Foreign Sub']);
    issuers.push({
      index: i,
      name: `${root} ${suffix} ${form}`,
      displayName: `${root} ${suffix}`,
      ticker,
      sector,
      industry: industry.name,
      country,
      structure,
      parent: null,
      cik: country === 'US' ? String(rng.int(100000, 1999999)).padStart(10, '0') : null,
      cusipBase: base,
      notch,
      ratingChange,
      moodyOffset: rng.chance(0.7) ? 0 : rng.chance(0.5) ? 1 : -1,
      scale: rng.logNormal(notch <= LAST_IG_NOTCH ? 1.2 : 0.6, 0.8),
    });
  }
  // Some issuers are finance subsidiaries of a larger issuer in the same sector.
  for (const child of issuers) {
    if (!rng.chance(0.08)) continue;
    const parent = issuers.find((p) => p.index !== child.index && p.sector === child.sector && p.parent === null && p.scale > child.scale);
    if (!parent || parent.parent === child.index) continue;
    child.parent = parent.index;
    child.structure = 'Subsidiary';
    child.name = `${parent.displayName} ${child.sector === 'FINL' ? 'Funding' : 'Finance'} ${rng.pick(['LLC', 'Corp.', 'Co.'])}`;
    child.displayName = `${parent.displayName} ${child.sector === 'FINL' ? 'Funding' : 'Finance'}`;
    child.notch = Math.min(18, parent.notch + rng.int(0, 1));
    child.ratingChange = null;
    child.cik = null;
  }
  return issuers;
}

/** An issuer's S&P notch on a date. */
export function issuerNotchOn(issuer: SimIssuer, date: string): number {
  return issuer.ratingChange && date >= issuer.ratingChange.date ? issuer.ratingChange.notch : issuer.notch;
}

/**
 * Calendar days before a rating change over which the market moves the issuer's spread to the
 * new rating's level: the agencies confirm what trades already show (about six weeks).
 */
export const MIGRATION_LEAD_DAYS = 45;

/**
 * The notch an issuer's spreads are set by on a date: its rating's, except in the lead-up to a
 * rating change, when it moves linearly from the old notch to the new one (fractional in between)
 * and is there on the day the rating changes. Ratings themselves (issuerNotchOn) change on the day.
 */
export function issuerSpreadNotchOn(issuer: SimIssuer, date: string): number {
  const change = issuer.ratingChange;
  if (!change || date >= change.date) return issuerNotchOn(issuer, date);
  const daysBefore = (Date.parse(`${change.date}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000;
  if (daysBefore >= MIGRATION_LEAD_DAYS) return issuer.notch;
  return issuer.notch + (change.notch - issuer.notch) * (1 - daysBefore / MIGRATION_LEAD_DAYS);
}
