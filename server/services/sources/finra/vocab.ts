/**
 * FINRA's fixed-income vocabularies mapped onto ours. The codes are FINRA's own, as its
 * corporateAndAgencySecurities dataset sends them (industryGroup, traceGradeCode, couponType);
 * docs/data-sources.md repeats the tables for people.
 */
import type { CouponType, SectorCode } from '../../../../common/market';

/**
 * FINRA industry group → our sector and industry (an industry of server/services/market/simulator/issuers.ts).
 * Groups with no corporate meaning in our taxonomy (agencies, sovereigns, supranationals, munis)
 * are left out: their bonds are not corporate and are not loaded.
 */
export const INDUSTRY_GROUP_SECTORS: Readonly<Record<string, { sector: SectorCode; industry: string }>> = {
  AERO: { sector: 'INDU', industry: 'Aerospace & Defense' },
  AIRL: { sector: 'INDU', industry: 'Transportation' },
  AUTO: { sector: 'COND', industry: 'Automobiles' },
  BANK: { sector: 'FINL', industry: 'Banks' },
  BANKS: { sector: 'FINL', industry: 'Banks' },
  BEVG: { sector: 'CONS', industry: 'Food & Beverage' },
  BLDG: { sector: 'INDU', industry: 'Machinery' },
  CABL: { sector: 'COMM', industry: 'Cable & Satellite' },
  CHEM: { sector: 'MATR', industry: 'Chemicals' },
  CONG: { sector: 'INDU', industry: 'Machinery' },
  CONS: { sector: 'CONS', industry: 'Household Products' },
  CONSUMGD: { sector: 'CONS', industry: 'Household Products' },
  ELECTRIC: { sector: 'UTIL', industry: 'Electric Utilities' },
  ENERGY: { sector: 'ENRG', industry: 'Integrated Oil & Gas' },
  FDRG: { sector: 'CONS', industry: 'Food & Beverage' },
  FOOD: { sector: 'CONS', industry: 'Food & Beverage' },
  FUNN: { sector: 'COND', industry: 'Hotels & Leisure' },
  GAME: { sector: 'COND', industry: 'Hotels & Leisure' },
  GASDISTR: { sector: 'UTIL', industry: 'Gas Utilities' },
  GASL: { sector: 'UTIL', industry: 'Gas Utilities' },
  GASP: { sector: 'ENRG', industry: 'Midstream' },
  HEAL: { sector: 'HLTH', industry: 'Medical Devices' },
  HLCF: { sector: 'HLTH', industry: 'Health Care Providers' },
  HOME: { sector: 'COND', industry: 'Homebuilders' },
  INDFINCL: { sector: 'FINL', industry: 'Consumer Finance' },
  INFO: { sector: 'INFT', industry: 'Software' },
  LEAS: { sector: 'FINL', industry: 'Consumer Finance' },
  LIFE: { sector: 'FINL', industry: 'Insurance' },
  LODG: { sector: 'COND', industry: 'Hotels & Leisure' },
  MACH: { sector: 'INDU', industry: 'Machinery' },
  MANUFACT: { sector: 'INDU', industry: 'Machinery' },
  METL: { sector: 'MATR', industry: 'Metals & Mining' },
  MTGB: { sector: 'FINL', industry: 'Consumer Finance' },
  OILG: { sector: 'ENRG', industry: 'Exploration & Production' },
  OILM: { sector: 'ENRG', industry: 'Exploration & Production' },
  OTHF: { sector: 'FINL', industry: 'Asset Managers & Brokers' },
  OTHFINCL: { sector: 'FINL', industry: 'Asset Managers & Brokers' },
  OTHI: { sector: 'INDU', industry: 'Machinery' },
  OTHS: { sector: 'INDU', industry: 'Machinery' },
  OTHT: { sector: 'INDU', industry: 'Transportation' },
  OTHU: { sector: 'UTIL', industry: 'Electric Utilities' },
  PACK: { sector: 'MATR', industry: 'Packaging' },
  PCAS: { sector: 'FINL', industry: 'Insurance' },
  PHRM: { sector: 'HLTH', industry: 'Pharmaceuticals' },
  PUBL: { sector: 'COMM', industry: 'Media & Entertainment' },
  RAIL: { sector: 'INDU', industry: 'Transportation' },
  REIT: { sector: 'REAL', industry: 'REITs' },
  REST: { sector: 'COND', industry: 'Hotels & Leisure' },
  RETL: { sector: 'COND', industry: 'Retail' },
  SECS: { sector: 'FINL', industry: 'Asset Managers & Brokers' },
  SERVICE: { sector: 'INDU', industry: 'Machinery' },
  TELE: { sector: 'COMM', industry: 'Telecommunications' },
  TELEPHON: { sector: 'COMM', industry: 'Telecommunications' },
  TEXT: { sector: 'COND', industry: 'Retail' },
  TOBC: { sector: 'CONS', industry: 'Tobacco' },
  TRANSPRT: { sector: 'INDU', industry: 'Transportation' },
  TRON: { sector: 'INFT', industry: 'Hardware' },
  VEHL: { sector: 'COND', industry: 'Automobiles' },
};

/** Industry groups that are not corporate credit (FINRA's agencies, sovereigns, supranationals, munis). */
export const NON_CORPORATE_GROUPS: ReadonlySet<string> = new Set(['AGENCY', 'AGNC', 'OFFMUNI', 'SOVERGRN', 'SPRA', 'SVSG']);

/** TRACE grade (traceGradeCode) → our segment: I investment grade, H high yield. */
export function gradeSegment(code: string | null): 'IG' | 'HY' | null {
  if (code === 'I') return 'IG';
  if (code === 'H') return 'HY';
  return null;
}

/** What a FINRA corporate coupon type is to us, and whether our pricing can value it. */
export interface CouponTypeMapping {
  /** fixed / zero / floating / step, or other for structures we do not model. */
  kind: 'fixed' | 'zero' | 'floating' | 'step' | 'other';
  /** The coupon type stored on the bond (ours has no step or other: those are stored as fixed, not priced). */
  stored: CouponType;
  /** Null: priced. Otherwise why the bond is shown without an evaluated price. */
  notPriced: string | null;
}

/** FINRA corporate coupon types (couponType) with their names, for the not-priced reason. */
export const COUPON_TYPE_NAMES: Readonly<Record<string, string>> = {
  CNGT: 'Contingent',
  FRBF: 'Bull/Reverse Floating',
  FRFF: 'Fixed then Floating',
  FRFX: 'Floating then Fixed',
  FRFZ: 'Floating then Zero',
  FROT: 'Floating',
  FRPM: 'Floating Pay at Maturity',
  FRPV: 'Fixed Margin over Index',
  FRRS: 'Floating then Reset',
  FRSD: 'Step-Down Margin over Index',
  FRSU: 'Step-Up Margin over Index',
  FRVR: 'Floating then Variable',
  FRZF: 'Zero then Floating',
  FTZR: 'Fixed then Zero',
  FXAN: 'Fixed Annuity',
  FXDI: 'Fixed Discount',
  FXMF: 'Fixed Multiple Payment Frequencies',
  FXPM: 'Fixed Pay only at Maturity',
  FXPP: 'Fixed Partly Paid',
  FXPV: 'Fixed Plain Vanilla',
  FXRS: 'Resettable',
  FXRV: 'Fixed then Reverse Float',
  FXZC: 'Fixed Zero Coupon',
  RGOT: 'Range',
  RSFR: 'Reset then Floating',
  STRP: 'Strip',
  TBPD: 'To Be Priced',
  VRDC: 'Variable Deferred Coupon',
  VRFR: 'Variable then Floating',
  VRGR: 'Step Up/Step Down',
  ZCFX: 'Zero then Fixed',
  ZRFX: 'Zero then Fixed',
  ZRVR: 'Zero then Variable',
};

const FIXED = new Set(['FXPV']);
const ZERO = new Set(['FXZC', 'FXDI', 'STRP']);
const FLOATING = new Set(['FROT', 'FRPV', 'FRPM']);
const STEP = new Set(['VRGR', 'FRSU', 'FRSD']);

/**
 * Maps FINRA's coupon type. Only plain fixed coupons and zeros are priced: FINRA's public data
 * carries no floater index or margin (so a floater's coupon cannot be projected), and step,
 * hybrid and contingent structures would be valued wrong as plain fixed bonds.
 */
export function mapCouponType(code: string | null): CouponTypeMapping {
  const name = code ? (COUPON_TYPE_NAMES[code] ?? 'unknown coupon type') : 'no coupon type';
  const label = `${name}${code ? ` (${code})` : ''}`;
  if (code && FIXED.has(code)) return { kind: 'fixed', stored: 'fixed', notPriced: null };
  if (code && ZERO.has(code)) return { kind: 'zero', stored: 'zero', notPriced: null };
  if (code && FLOATING.has(code))
    return { kind: 'floating', stored: 'floating', notPriced: `${label}: FINRA gives no index or margin to project the coupon` };
  if (code && STEP.has(code)) return { kind: 'step', stored: 'fixed', notPriced: `${label}: step coupons are not modelled` };
  return { kind: 'other', stored: 'fixed', notPriced: `${label}: coupon structure not modelled` };
}

/** The issuer's ticker from FINRA's issue symbol ("AAPL4001810" → "AAPL", "KDP.GE" → "KDP"). */
export function tickerOf(issueSymbol: string | null, issuerName: string): string {
  const fromSymbol = issueSymbol?.match(/^[A-Z]+/)?.[0];
  if (fromSymbol) return fromSymbol.slice(0, 10);
  return (
    issuerName
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .slice(0, 4) || 'UNKN'
  );
}
