import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPath } from './QrCode';

const OTPAUTH =
  'otpauth://totp/Bondwise:ann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Bondwise&algorithm=SHA1&digits=6&period=30';

/** The 7×7 finder pattern (ISO/IEC 18004): dark ring, light ring, dark 3×3 centre. */
function finderAt(code: ReturnType<typeof qrMatrix>, left: number, top: number): boolean {
  for (let dy = 0; dy < 7; dy++) {
    for (let dx = 0; dx < 7; dx++) {
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      if (Boolean(code.dark[(top + dy) * code.size + left + dx]) !== (ring !== 2)) return false;
    }
  }
  return true;
}

describe('the authenticator set-up QR code', () => {
  it('an otpauth URI of 131 characters needs version 8 at level M (ISO/IEC 18004 byte capacity: version 7 holds 122, version 8 holds 152)', () => {
    const code = qrMatrix(OTPAUTH);
    expect(OTPAUTH.length).toBe(131);
    expect(code.version).toBe(8);
    expect(code.size).toBe(17 + 4 * 8);
  });

  it('has the three finder patterns in their corners, and the path draws exactly the dark modules', () => {
    const code = qrMatrix(OTPAUTH);
    expect(finderAt(code, 0, 0)).toBe(true);
    expect(finderAt(code, code.size - 7, 0)).toBe(true);
    expect(finderAt(code, 0, code.size - 7)).toBe(true);
    const dark = Array.from(code.dark).filter(Boolean).length;
    expect(qrPath(code).split('M').length - 1).toBe(dark);
  });
});
