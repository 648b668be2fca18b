/** Display labels for the §3 profile enumerations (values stay the enum strings). */

const SPECIAL: Record<string, string> = {
  dcm: 'DCM',
  pm: 'Portfolio manager (PM)',
  cfo: 'CFO',
  buyside: 'Buy side',
  sellside: 'Sell side',
  market_data: 'Market data',
  desk_analyst: 'Desk analyst',
};

/** "managing_director" → "Managing director". */
export function enumLabel(value: string): string {
  const special = SPECIAL[value];
  if (special) return special;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Select options for an enum tuple. */
export function enumOptions(values: readonly string[]): Array<{ value: string; label: string }> {
  return values.map((value) => ({ value, label: enumLabel(value) }));
}
