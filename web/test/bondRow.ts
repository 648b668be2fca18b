import { type BondRow, bondRowSchema } from '@common/api/bond';

/**
 * A bond row as the server sends it in lists (most active, moves), checked against the contract:
 * tests set the fields their page shows and take the rest from here.
 */
export function bondRow(fields: Partial<BondRow> & Pick<BondRow, 'id' | 'description'>): BondRow {
  const row: BondRow = {
    amountIssued: 500_000_000,
    bondIdentifier: '037833DX5',
    changeConfidence: null,
    changeGSpread: null,
    changePrice: null,
    changeTSpread: null,
    changeYTC: null,
    changeYTM: null,
    changeYTW: null,
    confidence: null,
    corpStruct: 'Senior',
    countryOfRisk: 'US',
    coupon: 5,
    currentYield: null,
    discountMargin: null,
    displayName: fields.description,
    duration: null,
    durationToWorst: null,
    dv01: null,
    dv01ToWorst: null,
    convexityToWorst: null,
    entityName: 'Acme Corp',
    gSpread: null,
    isBenchmark: false,
    issueDate: '2024-01-15',
    issuer: 'Acme Corp',
    maturityDate: '2034-01-15',
    moneyMarketYield360: null,
    nextCallDate: null,
    price: null,
    ratingMoody: null,
    ratingSP: null,
    seniority: 'Senior Unsecured',
    source: 'simulator',
    startConfidence: null,
    tSpread: null,
    tenor: 10,
    ticker: 'ACME',
    treasury: null,
    volume: 0,
    volumePercentChange: null,
    yieldToCall: null,
    yieldToMaturity: null,
    yieldToWorst: null,
    ...fields,
  };
  return bondRowSchema.parse(row);
}
