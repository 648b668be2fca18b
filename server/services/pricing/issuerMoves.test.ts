import { describe, expect, it } from 'vitest';
import { type BasisTrade, type CarriedBasis, estimateBasis } from './basis';
import { issuerMoves, shrinkMove } from './issuerMoves';
import { SIDE_DEALER } from './trades';

/**
 * Issue 10 item 3: an issuer's bonds that traded since the close tell its other bonds how far the
 * issuer moved today. The scenarios are built so the expected direction and size follow from them.
 */
const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-18T22:00:00Z');
const CLOSE = NOW - DAY_MS;
const hy = { fitBp: 20, modelCode: 14, fitScaleBp: 75, years: 6, highYield: true, asOfMs: NOW };

/** A bond known well at 400 bp at yesterday's close (basis 0 over a 400 bp model, 10 bp uncertain). */
const known: CarriedBasis = { basisBp: 0, varBp2: 100, asOfMs: CLOSE, modelBp: 400, modelCode: 14, known: 0.9 };
const block = (id: number, spread: number, hoursAgo = 2): BasisTrade => ({
  id,
  midSpreadBp: spread,
  quantity: 2e6,
  side: SIDE_DEALER,
  timeMs: NOW - hoursAgo * 3_600_000,
});
const reading = (trades: BasisTrade[], carried: CarriedBasis | undefined = known) => ({
  issuerId: 7,
  levelBp: 400,
  days: 1,
  est: estimateBasis({ ...hy, modelBp: 400, carried, trades }),
});

describe('issuer moves read off the bonds that traded since the close', () => {
  it('moves the issuer most of the way when several of its bonds print 25 % wider (news)', () => {
    // Three siblings' blocks at 500 bp against 400 bp known at the close: a log move of about +0.22.
    const move = issuerMoves([reading([block(1, 500)]), reading([block(2, 505)]), reading([block(3, 498)])]).get(7)!;
    expect(move).toBeGreaterThan(0.15);
    expect(move).toBeLessThan(0.26);
  });

  it('moves it a little when one bond drifts a few bp, and widening and tightening are symmetric', () => {
    const wider = issuerMoves([reading([block(1, 406)])]).get(7)!;
    const tighter = issuerMoves([reading([block(1, 394)])]).get(7)!;
    expect(wider).toBeGreaterThan(0);
    // 6 bp on 400 is 1.5 %: shrunk toward no move by the bond's own noise.
    expect(wider).toBeLessThan(0.015);
    expect(tighter).toBeCloseTo(-wider, 10);
  });

  it('learns nothing from a bond priced for the first time, nor from bonds that did not trade', () => {
    expect(issuerMoves([reading([block(1, 500)], undefined)]).has(7)).toBe(false);
    expect(issuerMoves([reading([])]).has(7)).toBe(false);
  });

  it('shrinks a lone large reading less than a small one, relative to its size (the news part of the prior)', () => {
    // A 0.2 log move read with little noise is mostly believed; a 0.02 one is halved or more.
    expect(shrinkMove(0.2, 0.0004, 1) / 0.2).toBeGreaterThan(0.8);
    expect(shrinkMove(0.02, 0.0004, 1) / 0.02).toBeLessThan(0.5);
  });
});
