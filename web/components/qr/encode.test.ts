/**
 * The QR encoder is checked against known values of ISO/IEC 18004 (Reed–Solomon example, format
 * and version information tables) and the fixed module patterns every symbol must contain.
 */
import { describe, expect, it } from 'vitest';
import { byteCapacity, chooseVersion, dataCodewords, encodeQr, formatBits, maskBit, reedSolomon, versionBits, type QrCode } from './encode';

const OTPAUTH =
  'otpauth://totp/Bondwise:ann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Bondwise&algorithm=SHA1&digits=6&period=30';

function finderAt(code: QrCode, left: number, top: number): boolean {
  for (let dy = 0; dy < 7; dy++) {
    for (let dx = 0; dx < 7; dx++) {
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      if (code.modules[top + dy]![left + dx] !== (ring !== 2)) return false;
    }
  }
  return true;
}

/** Reads the 15 format bits back from the first copy (around the top-left finder). */
function readFormatFirstCopy(code: QrCode): number {
  const m = code.modules;
  const bits: boolean[] = [];
  for (let i = 0; i <= 5; i++) bits[i] = m[i]![8]!;
  bits[6] = m[7]![8]!;
  bits[7] = m[8]![8]!;
  bits[8] = m[8]![7]!;
  for (let i = 9; i < 15; i++) bits[i] = m[8]![14 - i]!;
  return bits.reduce((acc, bit, i) => acc | (Number(bit) << i), 0);
}

/** Reads the second copy (below the top-right finder's row / beside the bottom-left finder). */
function readFormatSecondCopy(code: QrCode): number {
  const m = code.modules;
  const s = code.size;
  let value = 0;
  for (let i = 0; i < 8; i++) value |= Number(m[8]![s - 1 - i]!) << i;
  for (let i = 8; i < 15; i++) value |= Number(m[s - 15 + i]![8]!) << i;
  return value;
}

describe('Reed–Solomon and data codewords', () => {
  it('matches the well-known 1-M "HELLO WORLD" example', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('byte mode header, terminator and 0xEC/0x11 padding', () => {
    const words = dataCodewords(new TextEncoder().encode('A'), 1);
    expect(words).toHaveLength(16);
    // 0100 | 00000001 | 01000001 | 0000 → 0x40 0x14 0x10, then pads.
    expect(words.slice(0, 3)).toEqual([0x40, 0x14, 0x10]);
    expect(words.slice(3, 7)).toEqual([0xec, 0x11, 0xec, 0x11]);
  });

  it('level-M byte capacities and version choice', () => {
    expect(byteCapacity(1)).toBe(14);
    expect(byteCapacity(2)).toBe(26);
    expect(byteCapacity(9)).toBe(180);
    expect(byteCapacity(10)).toBe(213);
    expect(chooseVersion(14)).toBe(1);
    expect(chooseVersion(15)).toBe(2);
    expect(() => chooseVersion(214)).toThrow(RangeError);
  });
});

describe('format and version information', () => {
  it('format bits for level M equal the standard table', () => {
    const table = [
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ];
    table.forEach((bits, mask) => expect(formatBits(mask).toString(2).padStart(15, '0')).toBe(bits));
  });

  it('version bits equal the standard table', () => {
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
    expect(versionBits(10).toString(2).padStart(18, '0')).toBe('001010010011010011');
  });
});

describe('module patterns of encoded symbols', () => {
  for (const [text, version] of [
    ['HELLO', 1],
    [OTPAUTH, 8],
    ['x'.repeat(150), 8],
    ['y'.repeat(213), 10],
  ] as const) {
    it(`${text.length} bytes → version ${version}: finders, separators, timing, dark module, format bits`, () => {
      const code = encodeQr(text);
      expect(code.version).toBe(version);
      expect(code.size).toBe(version * 4 + 17);
      const s = code.size;
      expect(finderAt(code, 0, 0)).toBe(true);
      expect(finderAt(code, s - 7, 0)).toBe(true);
      expect(finderAt(code, 0, s - 7)).toBe(true);
      for (let i = 0; i < 8; i++) {
        expect(code.modules[7]![i]).toBe(false); // separator below the top-left finder
        expect(code.modules[i]![7]).toBe(false);
        expect(code.modules[7]![s - 1 - i]).toBe(false);
        expect(code.modules[s - 8]![i]).toBe(false);
      }
      for (let i = 8; i < s - 8; i++) {
        expect(code.modules[6]![i]).toBe(i % 2 === 0);
        expect(code.modules[i]![6]).toBe(i % 2 === 0);
      }
      expect(code.modules[s - 8]![8]).toBe(true);
      expect(readFormatFirstCopy(code)).toBe(formatBits(code.mask));
      expect(readFormatSecondCopy(code)).toBe(formatBits(code.mask));
      if (version >= 2) {
        // Bottom-right alignment pattern: dark centre, light ring, dark border.
        const c = s - 7;
        expect(code.modules[c]![c]).toBe(true);
        expect(code.modules[c - 1]![c]).toBe(false);
        expect(code.modules[c - 2]![c - 2]).toBe(true);
      }
      if (version >= 7) {
        const bits = versionBits(version);
        for (let i = 0; i < 18; i++) {
          const dark = ((bits >>> i) & 1) === 1;
          expect(code.modules[Math.floor(i / 3)]![s - 11 + (i % 3)]).toBe(dark);
          expect(code.modules[s - 11 + (i % 3)]![Math.floor(i / 3)]).toBe(dark);
        }
      }
    });
  }

  it('the first data codeword sits in the bottom-right corner, masked (byte mode indicator 0100)', () => {
    const code = encodeQr('HELLO', { forceMask: 0 });
    const s = code.size;
    // Zig-zag starts upward at the bottom-right: bits 0,1 at row s-1 (x = s-1, s-2), bits 2,3 at row s-2.
    const read = (x: number, y: number) => code.modules[y]![x]! !== maskBit(0, x, y);
    expect([read(s - 1, s - 1), read(s - 2, s - 1), read(s - 1, s - 2), read(s - 2, s - 2)]).toEqual([false, true, false, false]);
  });

  it('chooses a mask 0–7 and is deterministic', () => {
    const a = encodeQr(OTPAUTH);
    const b = encodeQr(OTPAUTH);
    expect(a.mask).toBeGreaterThanOrEqual(0);
    expect(a.mask).toBeLessThan(8);
    expect(a.modules).toEqual(b.modules);
  });
});
