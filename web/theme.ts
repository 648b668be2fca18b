/**
 * Mantine theme (dense, dark terminal feel) and the dark-mode storage of spec §2/§9:
 * dark by default, saved as "T" (dark) or "F" (light) under STORAGE_KEYS.darkMode.
 */
import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { DARK_MODE_OFF, DARK_MODE_ON, STORAGE_KEYS } from '@common/constants';

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 7, dark: 5 },
  // Filled buttons pick their text colour by the fill's luminance: white on the orange read at
  // about 2.5:1 (WCAG asks 4.5:1), near-black on it reads above 7:1.
  autoContrast: true,
  defaultRadius: 'xs',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
  fontSizes: { xs: '11px', sm: '12px', md: '13px', lg: '15px', xl: '18px' },
  spacing: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  headings: { sizes: { h1: { fontSize: '20px' }, h2: { fontSize: '16px' }, h3: { fontSize: '14px' } } },
  colors: {
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
