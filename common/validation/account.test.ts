import { describe, expect, it } from 'vitest';
import { emailCodeSchema, emailSchema, passwordProblem, totpCodeSchema } from './account';

describe('account field rules shared by server and web', () => {
  it('e-mails are trimmed, lower-cased and bounded', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    for (const bad of [
      '',
      'jane',
      'jane@',
      '@example.com',
      'jane@example',
      'ja ne@example.com',
      'jane..doe@example.com',
      `${'a'.repeat(245)}@example.com`,
    ]) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(emailSchema.safeParse("o'brien+bonds@sub.example.co.uk").success).toBe(true);
  });

  it('passwords: 12–128 characters, two character classes, not one repeated character', () => {
    expect(passwordProblem('Correct-Horse-42')).toBeNull();
    expect(passwordProblem('short1A!')).toMatch(/at least 12/);
    expect(passwordProblem('a'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('111111111111')).toMatch(/repeat/);
    expect(passwordProblem('abcdefghijklmn')).toMatch(/two/);
    expect(passwordProblem('abcdefghijklm7')).toBeNull();
  });

  it('codes: TOTP ignores spaces; e-mail codes ignore dash and case', () => {
    expect(totpCodeSchema.parse('123 456')).toBe('123456');
    expect(totpCodeSchema.safeParse('12345').success).toBe(false);
    expect(emailCodeSchema.parse('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(emailCodeSchema.safeParse('ABCDE-FGHJI').success).toBe(false);
  });
});
