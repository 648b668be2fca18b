/**
 * Renders text as a QR code (SVG, one path for all dark modules) with the `qrcode` package's
 * encoder (error correction level M). Always dark-on-white with a 4-module quiet zone, whatever
 * the colour scheme, so phone cameras read it. Only the authenticator set-up uses it, in the
 * lazily loaded profile page, so the encoder is not part of the login page's JavaScript.
 */
import { useMemo } from 'react';
import { create } from 'qrcode';

const QUIET_ZONE = 4;

export interface QrMatrix {
  /** Modules per side (17 + 4 × version). */
  size: number;
  version: number;
  mask: number;
  /** Row-major: dark(x, y) = dark[y * size + x]. */
  dark: ArrayLike<number>;
}

/** Encodes text at error correction level M. */
export function qrMatrix(text: string): QrMatrix {
  const code = create(text, { errorCorrectionLevel: 'M' });
  return { size: code.modules.size, version: code.version, mask: code.maskPattern ?? 0, dark: code.modules.data };
}

/** SVG path data of the dark modules, offset by the quiet zone (1 unit = 1 module). */
export function qrPath(code: QrMatrix): string {
  const parts: string[] = [];
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.dark[y * code.size + x]) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return parts.join('');
}

export function QrCode({
  value,
  size = 184,
  label = 'QR code',
  testId = 'qr-code',
}: {
  value: string;
  size?: number;
  label?: string;
  testId?: string;
}) {
  const code = useMemo(() => qrMatrix(value), [value]);
  const extent = code.size + QUIET_ZONE * 2;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-version={code.version}
      data-mask={code.mask}
      style={{ display: 'block', background: '#fff' }}
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={qrPath(code)} fill="#000" />
    </svg>
  );
}
