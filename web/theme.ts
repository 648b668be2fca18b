/**
 * Mantine theme (dense, dark terminal feel) and the dark-mode storage of spec §2/§9:
 * dark by default, saved as "T" (dark) or "F" (light) under STORAGE_KEYS.darkMode.
 */
import {
  Anchor,
  Badge,
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';
import { DARK_MODE_OFF, DARK_MODE_ON, STORAGE_KEYS } from '@common/constants';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);

/** The colour darkened (toward black, same hue) in small steps until it reads at `ratio` on `on`. */
function darkenUntil(hex: string, on: string, ratio: number): string {
  let [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let out = hex;
  while (contrast(out, on) < ratio) {
    [r, g, b] = [r!, g!, b!].map((c) => Math.floor(c * 0.96));
    out = `#${[r!, g!, b!].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  }
  return out;
}

/**
 * Mantine's palettes with shades 7–9 deepened where they read below WCAG AA (4.5:1) in the light
 * scheme, which uses them for text and fills: shade 7 is coloured text on white (`c="red"`, links,
 * the primary orange) and the fill behind white text (buttons, badges); shade 9 is the text of the
 * "light" variant on its shade-1 background (alerts, badges). Mantine's orange 7 read 3.0:1, green
 * 2.8:1, the light variants of yellow, lime, green, teal 2.7–4.3:1. Shades 0–6, which the dark
 * scheme uses for text and fills, stay Mantine's own; the hues stay the same, only deeper.
 */
function readableDarkShades(): Record<string, MantineColorsTuple> {
  const colors: Record<string, MantineColorsTuple> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const seven = darkenUntil(shades[7], '#ffffff', 4.9);
    const eight = darkenUntil(shades[8], '#ffffff', contrast(seven, '#ffffff') + 0.5);
    const nine = darkenUntil(darkenUntil(shades[9], shades[1], 4.9), '#ffffff', contrast(eight, '#ffffff') + 0.5);
    colors[name] = [...shades.slice(0, 7), seven, eight, nine] as unknown as MantineColorsTuple;
  }
  return colors;
}

/**
 * Text on a filled theme colour, per scheme (--bw-on-filled, web/styles.css): white on the deep
 * shade 7 of the light scheme, near-black on the bright shade 5 of the dark one (white on the
 * dark scheme's orange read 2.2:1, WCAG asks 4.5:1). Mantine's own choice, by the light
 * scheme's shade, is one colour for both schemes.
 */
const filledTextPerScheme: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  const perScheme = input.variant === 'filled' && parsed.isThemeColor && parsed.shade === undefined && parsed.color !== 'dark';
  return perScheme ? { ...colors, color: 'var(--bw-on-filled)' } : colors;
};

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 7, dark: 5 },
  autoContrast: true,
  // A person who asks their system for less motion gets modals, menus and toasts without
  // animation (Mantine ignores the preference unless told to respect it).
  respectReducedMotion: true,
  variantColorResolver: filledTextPerScheme,
  defaultRadius: 'xs',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
  fontSizes: { xs: '11px', sm: '12px', md: '13px', lg: '15px', xl: '18px' },
  spacing: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  headings: { sizes: { h1: { fontSize: '20px' }, h2: { fontSize: '16px' }, h3: { fontSize: '14px' } } },
  components: {
    // Links are told apart from the text around them by an underline, not by colour alone
    // (WCAG 1.4.1; in a table cell the orange on grey differed by 1.5:1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A badge given neither colour nor variant skips the variant resolver (Mantine leaves its
    // text white), so it kept white on the dark scheme's bright orange (2.2:1). Naming the
    // default variant sends it through filledTextPerScheme like any other filled badge.
    Badge: Badge.extend({ defaultProps: { variant: 'filled' } }),
  },
  colors: {
    ...readableDarkShades(),
    // Deeper, more neutral darks than Mantine's default: a terminal, not a website.
    dark: ['#c9ccd1', '#a6abb3', '#7d838d', '#5a606a', '#3a3f47', '#2a2e35', '#1c1f24', '#14161a', '#0e1013', '#08090b'],
  },
});

/** Reads the stored dark-mode flag: dark unless "F" is stored. */
export function readColorScheme(): 'dark' | 'light' {
  try {
    return localStorage.getItem(STORAGE_KEYS.darkMode) === DARK_MODE_OFF ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** Mantine colour-scheme manager that stores "T"/"F" under our key. */
export const darkModeManager: MantineColorSchemeManager = {
  get: () => readColorScheme(),
  set: (value: MantineColorScheme) => {
    try {
      localStorage.setItem(STORAGE_KEYS.darkMode, value === 'light' ? DARK_MODE_OFF : DARK_MODE_ON);
    } catch {
      /* ignore */
    }
  },
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {
    try {
      localStorage.removeItem(STORAGE_KEYS.darkMode);
    } catch {
      /* ignore */
    }
  },
};
