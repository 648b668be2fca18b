/**
 * Renders text as a QR code (SVG, one path for all dark modules). Always dark-on-white with a
 * 4-module quiet zone, whatever the colour scheme, so phone cameras read it.
 */
import { useMemo } from 'react';
import { encodeQr } from './encode';

const QUIET_ZONE = 4;

/** SVG path data of the dark modules, offset by the quiet zone (1 unit = 1 module). */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    });
  });
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
  const code = useMemo(() => encodeQr(value), [value]);
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
      <path d={qrPath(code.modules)} fill="#000" />
    </svg>
  );
}
