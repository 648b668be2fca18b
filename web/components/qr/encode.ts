/**
 * A small QR code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1–10
 * (up to 213 bytes: enough for an otpauth:// URI). No dependency; the structure follows the
 * standard step by step so it can be checked against the specification:
 *   data bits → codewords → Reed–Solomon blocks → interleave → place in the zig-zag →
 *   try the 8 masks, keep the lowest penalty → format (and, from version 7, version) bits.
 * The result is a square boolean matrix, true = dark module, without the quiet zone.
 */

/** Per-version layout at level M: EC codewords per block and data codewords per block group. */
interface VersionM {
  ecPerBlock: number;
  /** [blockCount, dataCodewordsPerBlock] groups. */
  groups: ReadonlyArray<readonly [number, number]>;
}

/** ISO/IEC 18004 table 9, level M, versions 1–10. */
const VERSIONS_M: readonly VersionM[] = [
  { ecPerBlock: 10, groups: [[1, 16]] },
  { ecPerBlock: 16, groups: [[1, 28]] },
  { ecPerBlock: 26, groups: [[1, 44]] },
  { ecPerBlock: 18, groups: [[2, 32]] },
  { ecPerBlock: 24, groups: [[2, 43]] },
  { ecPerBlock: 16, groups: [[4, 27]] },
  { ecPerBlock: 18, groups: [[4, 31]] },
  {
    ecPerBlock: 22,
    groups: [
      [2, 38],
      [2, 39],
    ],
  },
  {
    ecPerBlock: 22,
    groups: [
      [3, 36],
      [2, 37],
    ],
  },
  {
    ecPerBlock: 26,
    groups: [
      [4, 43],
      [1, 44],
    ],
  },
];

/** Alignment pattern centre coordinates per version (1 has none). */
const ALIGNMENT: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

export const QR_MAX_VERSION = VERSIONS_M.length;
/** Error correction level M is encoded as 0b00 in the format information. */
const EC_LEVEL_M_BITS = 0b00;

export interface QrCode {
  version: number;
  /** Mask pattern 0–7 that was applied. */
  mask: number;
  size: number;
  /** modules[y][x], true = dark. */
  modules: boolean[][];
}

export function dataCodewordCapacity(version: number): number {
  const v = VERSIONS_M[version - 1];
  if (!v) throw new RangeError(`QR version ${version} is not supported`);
  return v.groups.reduce((sum, [count, size]) => sum + count * size, 0);
}

/** Byte-mode character count field width: 8 bits for versions 1–9, 16 for 10–26. */
function countBits(version: number): number {
  return version <= 9 ? 8 : 16;
}

/** Largest number of bytes a version holds in byte mode at level M. */
export function byteCapacity(version: number): number {
  const bits = dataCodewordCapacity(version) * 8 - 4 - countBits(version);
  return Math.floor(bits / 8);
}

// ---- Reed–Solomon over GF(2^8) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 -------------

function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

/** Generator polynomial coefficients (highest degree first, leading 1 omitted). */
function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j]!, root);
      if (j + 1 < degree) result[j] = result[j]! ^ result[j + 1]!;
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The `degree` error-correction codewords of `data`. */
export function reedSolomon(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ result.shift()!;
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] = result[i]! ^ gfMultiply(coefficient, factor);
    });
  }
  return result;
}

// ---- data codewords ----------------------------------------------------------------------------

function appendBits(bits: number[], value: number, length: number): void {
  for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
}

/** Mode indicator, count, data, terminator, padding to the version's data capacity. */
export function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const capacityBits = dataCodewordCapacity(version) * 8;
  const bits: number[] = [];
  appendBits(bits, 0b0100, 4); // byte mode
  appendBits(bits, bytes.length, countBits(version));
  bytes.forEach((b) => appendBits(bits, b, 8));
  if (bits.length > capacityBits) throw new RangeError('Data too long for this QR version');
  appendBits(bits, 0, Math.min(4, capacityBits - bits.length)); // terminator
  appendBits(bits, 0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) appendBits(bits, pad, 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  }
  return codewords;
}

/** Splits into blocks, adds EC codewords and interleaves (data first, then EC). */
export function interleave(data: readonly number[], version: number): number[] {
  const { ecPerBlock, groups } = VERSIONS_M[version - 1]!;
  const blocks: number[][] = [];
  let offset = 0;
  for (const [count, size] of groups) {
    for (let i = 0; i < count; i++) {
      blocks.push(data.slice(offset, offset + size));
      offset += size;
    }
  }
  const ecBlocks = blocks.map((block) => reedSolomon(block, ecPerBlock));
  const result: number[] = [];
  const longest = Math.max(...blocks.map((b) => b.length));
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.length) result.push(block[i]!);
  for (let i = 0; i < ecPerBlock; i++) for (const block of ecBlocks) result.push(block[i]!);
  return result;
}

// ---- the matrix ---------------------------------------------------------------------------------

class Matrix {
  readonly size: number;
  readonly modules: boolean[][];
  readonly isFunction: boolean[][];

  constructor(readonly version: number) {
    this.size = version * 4 + 17;
    this.modules = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.isFunction = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
  }

  set(x: number, y: number, dark: boolean): void {
    this.modules[y]![x] = dark;
    this.isFunction[y]![x] = true;
  }

  drawFunctionPatterns(): void {
    for (let i = 0; i < this.size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    this.drawFinder(3, 3);
    this.drawFinder(this.size - 4, 3);
    this.drawFinder(3, this.size - 4);
    const positions = ALIGNMENT[this.version - 1]!;
    const last = positions.length - 1;
    positions.forEach((cx, i) => {
      positions.forEach((cy, j) => {
        // Skip the three that would overlap finder patterns.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        this.drawAlignment(cx, cy);
      });
    });
    this.drawFormatBits(0); // reserve; redrawn with the chosen mask
    this.drawVersionBits();
  }

  private drawFinder(cx: number, cy: number): void {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= this.size || y >= this.size) continue;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        this.set(x, y, distance !== 2 && distance !== 4);
      }
    }
  }

  private drawAlignment(cx: number, cy: number): void {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }

  drawFormatBits(mask: number): void {
    const bits = formatBits(mask);
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    // Around the top-left finder.
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    // Split between the other two finders.
    for (let i = 0; i < 8; i++) this.set(this.size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, this.size - 15 + i, bit(i));
    this.set(8, this.size - 8, true); // the dark module
  }

  private drawVersionBits(): void {
    if (this.version < 7) return;
    const bits = versionBits(this.version);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }

  /** Places codewords in the two-column zig-zag from the bottom right, skipping function modules. */
  drawCodewords(codewords: readonly number[]): void {
    let i = 0;
    const totalBits = codewords.length * 8;
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5; // the vertical timing column is skipped
      for (let vert = 0; vert < this.size; vert++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? this.size - 1 - vert : vert;
          if (this.isFunction[y]![x] || i >= totalBits) continue;
          this.modules[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  /** XORs the data modules with mask pattern `mask` (applying twice undoes it). */
  applyMask(mask: number): void {
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        if (this.isFunction[y]![x]) continue;
        if (maskBit(mask, x, y)) this.modules[y]![x] = !this.modules[y]![x];
      }
    }
  }

  penalty(): number {
    return penaltyScore(this.modules);
  }
}

/** Mask condition of ISO/IEC 18004 table 10 (x = column, y = row). */
export function maskBit(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    case 7:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      throw new RangeError('mask 0–7');
  }
}

/** 15 format bits for level M and `mask`: BCH(15,5) with generator 0x537, XOR 0x5412. */
export function formatBits(mask: number): number {
  const data = (EC_LEVEL_M_BITS << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** 18 version bits (versions 7+): BCH(18,6) with generator 0x1F25. */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

/** The four penalty rules of ISO/IEC 18004 §7.8.3. */
export function penaltyScore(modules: readonly (readonly boolean[])[]): number {
  const size = modules.length;
  let score = 0;
  const line = (get: (i: number) => boolean) => {
    // Rule 1: runs of 5+ same-colour modules; rule 3: finder-like 1:1:3:1:1 with 4 light on a side.
    let runColor = get(0);
    let run = 1;
    for (let i = 1; i <= size; i++) {
      const color = i < size ? get(i) : !runColor;
      if (color === runColor) run++;
      else {
        if (run >= 5) score += 3 + (run - 5);
        runColor = color;
        run = 1;
      }
    }
    for (let i = 0; i + 7 <= size; i++) {
      const pattern = [true, false, true, true, true, false, true].every((dark, k) => get(i + k) === dark);
      if (!pattern) continue;
      const lightBefore = i >= 4 && [1, 2, 3, 4].every((k) => !get(i - k));
      const lightAfter = i + 11 <= size && [7, 8, 9, 10].every((k) => !get(i + k));
      if (lightBefore) score += 40;
      if (lightAfter) score += 40;
    }
  };
  for (let y = 0; y < size; y++) line((x) => modules[y]![x]!);
  for (let x = 0; x < size; x++) line((y) => modules[y]![x]!);
  // Rule 2: 2×2 blocks of one colour.
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const c = modules[y]![x];
      if (c === modules[y]![x + 1] && c === modules[y + 1]![x] && c === modules[y + 1]![x + 1]) score += 3;
    }
  }
  // Rule 4: balance of dark modules.
  const dark = modules.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  const total = size * size;
  const k = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1;
  score += Math.max(0, k) * 10;
  return score;
}

/** Smallest version (1–10) whose level-M byte capacity holds `length` bytes. */
export function chooseVersion(length: number): number {
  for (let version = 1; version <= QR_MAX_VERSION; version++) if (length <= byteCapacity(version)) return version;
  throw new RangeError(`Too long for a QR code up to version ${QR_MAX_VERSION} (${length} bytes)`);
}

/**
 * Encodes text (UTF-8, byte mode, level M) into the smallest version 1–10. `forceMask` is for
 * tests; normally the mask with the lowest penalty is chosen.
 */
export function encodeQr(text: string, options: { forceMask?: number } = {}): QrCode {
  const bytes = new TextEncoder().encode(text);
  const version = chooseVersion(bytes.length);
  const codewords = interleave(dataCodewords(bytes, version), version);
  const matrix = new Matrix(version);
  matrix.drawFunctionPatterns();
  matrix.drawCodewords(codewords);
  let mask = options.forceMask ?? -1;
  if (mask < 0) {
    let best = Number.POSITIVE_INFINITY;
    for (let candidate = 0; candidate < 8; candidate++) {
      matrix.applyMask(candidate);
      matrix.drawFormatBits(candidate);
      const score = matrix.penalty();
      if (score < best) {
        best = score;
        mask = candidate;
      }
      matrix.applyMask(candidate);
    }
  }
  matrix.applyMask(mask);
  matrix.drawFormatBits(mask);
  return { version, mask, size: matrix.size, modules: matrix.modules };
}
