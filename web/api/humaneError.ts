/**
 * The server names the offending field in the validator's words ("Invalid body.code: Too small:
 * expected string to have >=6 characters") so that API clients can act on it. A person reads the
 * same failure as a sentence about the field they typed: "Code must be at least 6 characters."
 */

const VALIDATION = /^Invalid (?:body|query|params|headers|request)/;

/** "newPassword" → "New password"; "items.0.name" → "Name". */
function fieldLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((p) => p && !/^\d+$/.test(p))
      .pop() ?? '';
  if (!last) return 'The request';
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const RULES: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^Too small: expected string to have >=?(\d+) characters?$/, (m) => `must be at least ${m[1]} characters`],
  [/^Too big: expected string to have <=?(\d+) characters?$/, (m) => `must be at most ${m[1]} characters`],
  [/^Too small: expected number to be >=?(\S+)$/, (m) => `must be at least ${m[1]}`],
  [/^Too big: expected number to be <=?(\S+)$/, (m) => `must be at most ${m[1]}`],
  [/^Too small: expected array to have >=?(\d+) items?$/, (m) => `needs at least ${m[1]} entries`],
  [/^Too big: expected array to have <=?(\d+) items?$/, (m) => `takes at most ${m[1]} entries`],
  [/^Invalid input: expected \w+, received undefined$/, () => 'is required'],
  [/^Invalid input: expected (\w+), received \w+$/, (m) => `must be a ${m[1] === 'int' ? 'whole number' : m[1]}`],
  [/^Invalid (?:email address|email)$/i, () => 'is not a valid e-mail address'],
  [/^Invalid string: must match pattern .*$/, () => 'has the wrong format'],
  [/^Invalid option: expected one of .*$/, () => 'is not one of the allowed values'],
  [/^Unrecognized keys?: (.*)$/, (m) => `has unknown fields ${m[1]}`],
];

function sentence(field: string, message: string): string {
  for (const [pattern, say] of RULES) {
    const match = message.match(pattern);
    if (match) return `${field} ${say(match)}.`;
  }
  // A message the schema wrote for people ("Enter the 6-digit code") stands on its own.
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** Turns the server's validation text into sentences; any other text is returned unchanged. */
export function humaneServerError(text: string): string {
  if (!VALIDATION.test(text)) return text;
  return text
    .replace(/^Invalid /, '')
    .split('; ')
    .map((part) => {
      const colon = part.indexOf(': ');
      if (colon < 0) return sentence('The request', part);
      const path = part.slice(0, colon).replace(/^(body|query|params|headers|request)\.?/, '');
      return sentence(fieldLabel(path), part.slice(colon + 2));
    })
    .join(' ');
}
