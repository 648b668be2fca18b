import { describe, expect, it } from 'vitest';
import { blogPostCreateBodySchema } from '@common/api/blog';
import { humaneIssue, humaneServerError, humaneServerIssues } from './humaneError';

describe('validation errors read as sentences about the field', () => {
  it('a too-short code names the field and the rule, not the validator', () => {
    expect(humaneServerError('Invalid body.code: Too small: expected string to have >=6 characters')).toBe(
      'Code must be at least 6 characters.',
    );
  });

  it('camelCase fields become words and several failures become several sentences', () => {
    expect(
      humaneServerError('Invalid body.newPassword: Too big: expected string to have <=128 characters; body.email: Invalid email address'),
    ).toBe('New password must be at most 128 characters. Email is not a valid e-mail address.');
  });

  it('a missing field is required; a wrong type names the type expected', () => {
    expect(humaneServerError('Invalid body.email: Invalid input: expected string, received undefined')).toBe('Email is required.');
    expect(humaneServerError('Invalid query.limit: Invalid input: expected number, received string')).toBe('Limit must be a number.');
  });

  it('a message written for people is kept as it is', () => {
    expect(humaneServerError('Invalid body.tosConsent: Accept the terms of service to continue')).toBe(
      'Accept the terms of service to continue.',
    );
  });

  it('text that is not a validation failure is unchanged', () => {
    expect(humaneServerError('Incorrect e-mail or password')).toBe('Incorrect e-mail or password');
    expect(humaneServerError('Invalid or expired code')).toBe('Invalid or expired code');
  });

  it('a form reads each sentence with the body path it names, and other sources keep theirs', () => {
    expect(
      humaneServerIssues(
        'Invalid body.profile.roleType: Too big: expected string to have <=80 characters; query.limit: Invalid input: expected number, received string',
      ),
    ).toEqual([
      { path: 'profile.roleType', sentence: 'Role type must be at most 80 characters.' },
      { path: 'query.limit', sentence: 'Limit must be a number.' },
    ]);
    expect(humaneServerIssues('Invalid or expired code')).toBeNull();
  });

  it('a message that already names its field says the name once', () => {
    expect(humaneServerError('Invalid body.rule.threshold: threshold must be positive')).toBe('Threshold must be positive.');
    expect(humaneServerError('Invalid body.rule.tableId: tableId must be a uuid')).toBe('Table must be a uuid.');
    expect(humaneServerError('Invalid body.features: features: name at least one feature')).toBe('Name at least one feature.');
  });

  it("a message that is a sentence of its own is not put after the field's name", () => {
    expect(humaneServerError('Invalid body.rule.threshold: a price move must be between 0.01 and 10 points')).toBe(
      'A price move must be between 0.01 and 10 points.',
    );
    expect(humaneServerError('Invalid body.rule.dealId: choose the deal to follow (or an issuer target for all its deals)')).toBe(
      'Choose the deal to follow (or an issuer target for all its deals).',
    );
  });

  it('a rate carried as a decimal is refused naming the decimal and its percent', () => {
    expect(humaneServerError('Invalid body.reading.tranches.0.coupon: must be a decimal rate of at most 0.5 (50%)')).toBe(
      'Coupon must be a decimal rate of at most 0.5 (50%).',
    );
  });

  it('short keys read as the words a person knows them by', () => {
    expect(humaneServerError('Invalid body.reading.ratings.sp: Too big: expected string to have <=10 characters')).toBe(
      'S&P rating must be at most 10 characters.',
    );
    expect(humaneServerError('Invalid body.reading.ratings.moodys: Too big: expected string to have <=10 characters')).toBe(
      "Moody's rating must be at most 10 characters.",
    );
    expect(humaneServerError('Invalid body.q: Too big: expected string to have <=200 characters')).toBe(
      'Search must be at most 200 characters.',
    );
  });

  it('an empty text that needs one character is required, not "at least 1 characters"', () => {
    expect(humaneServerError('Invalid body.message: Too small: expected string to have >=1 characters')).toBe('Message is required.');
  });

  it("a date range's ends read as start and end date, not as the query's keys", () => {
    expect(humaneServerError('Invalid query.to: must be a date YYYY-MM-DD')).toBe('End date must be a date YYYY-MM-DD.');
    expect(humaneServerError('Invalid querystring.from: must not be after to (2026-11-20)')).toBe(
      'Start date must not be after the end date (2026-11-20).',
    );
    expect(humaneServerError('Invalid querystring.from: the range may span at most 90 days')).toBe('The range may span at most 90 days.');
  });

  it("the server's own rules on a deal, a bond and the calculator read as sentences naming the field", () => {
    // Texts as server/services/primary and server/services/marketAdmin send them.
    for (const [text, sentence] of [
      ['Invalid body.issuerId: is unknown: there is no issuer 99', 'Issuer is unknown: there is no issuer 99.'],
      ['Invalid body.announcedAt: must not be in the future', 'Announcement time must not be in the future.'],
      [
        'Invalid body.at: must not be before the last step (2026-11-23T13:30:00.000Z)',
        'Time must not be before the last step (2026-11-23T13:30:00.000Z).',
      ],
      ['Invalid body.pricedSpreadBp: is needed: the deal is priced', 'Priced spread (bp) is needed: the deal is priced.'],
      ['Invalid body.maturityDate: must be after the issue date (2021-02-23)', 'Maturity date must be after the issue date (2021-02-23).'],
      [
        "Invalid body.cusip: is already bond 7's (ZQ1001AB7): compare and merge the two instead",
        "CUSIP is already bond 7's (ZQ1001AB7): compare and merge the two instead.",
      ],
      [
        'Invalid body.tranches.0.fairValueBp: must be entered for the 7-year tranche: no issuer or sector curve to read it from',
        'Fair value (bp) must be entered for the 7-year tranche: no issuer or sector curve to read it from.',
      ],
      ['Invalid querystring.issuerId: choose an issuer or a sector', 'Choose an issuer or a sector.'],
    ] as const) {
      expect(humaneServerError(text)).toBe(sentence);
    }
  });

  it('reference data, bond merges, the Treasury curve and alert rules read as sentences naming the field', () => {
    // Texts as server/services/reference, marketAdmin and hawk send them.
    for (const [text, sentence] of [
      ['Invalid body.parentIssuerId: is unknown: there is no issuer 99', 'Parent issuer is unknown: there is no issuer 99.'],
      [
        'Invalid body.duplicateId: must be another issuer: an issuer cannot be merged into itself',
        'Duplicate issuer must be another issuer: an issuer cannot be merged into itself.',
      ],
      [
        'Invalid body.sectorId: must not be a top-level sector (FINL): issuers belong to one of its industries',
        'Industry must not be a top-level sector (FINL): issuers belong to one of its industries.',
      ],
      ['Invalid body.parentId: is unknown: there is no sector 9', 'Parent sector is unknown: there is no sector 9.'],
      ["Invalid body.code: is already another sector's (FINL)", "Code is already another sector's (FINL)."],
      [
        'Invalid body.issuerIds: include unknown ones: there are no issuers 8, 9',
        'Issuers include unknown ones: there are no issuers 8, 9.',
      ],
      [
        'Invalid body.mergedIds: must not include the survivor: a bond cannot be merged into itself',
        'Merged bonds must not include the survivor: a bond cannot be merged into itself.',
      ],
      [
        'Invalid body.versions.7: the version (updatedAt) bond 7 was compared at is missing',
        'The version (updatedAt) bond 7 was compared at is missing.',
      ],
      [
        'Invalid querystring.date: must be on or after the first Treasury curve: none is loaded on or before 2020-01-01',
        'Date must be on or after the first Treasury curve: none is loaded on or before 2020-01-01.',
      ],
      [
        'Invalid querystring.a: the Treasury curve of 2020-01-02 is not loaded: pick a day that has one',
        'The Treasury curve of 2020-01-02 is not loaded: pick a day that has one.',
      ],
      ['Invalid body.target.issuerId: is unknown: there is no issuer 99', 'Issuer is unknown: there is no issuer 99.'],
      [
        'Invalid body.target.tableId: is unknown: it is not one of your custom tables',
        'Table is unknown: it is not one of your custom tables.',
      ],
      ['Invalid body.rule.dealId: is unknown: there is no deal 5 you can see', 'Deal number is unknown: there is no deal 5 you can see.'],
      ['Invalid body.expiresAt: must be at most 366 days ahead', 'Expiry must be at most 366 days ahead.'],
      ['Invalid body.organizationId: is unknown: there is no organisation nope', 'Organisation is unknown: there is no organisation nope.'],
      [
        'Invalid body.recipients.organizations: include an unknown organisation (tok-nope)',
        'Organisations include an unknown organisation (tok-nope).',
      ],
      [
        'Invalid body.endsAt: needs a scheduled start: a window has a start',
        'Scheduled end needs a scheduled start: a window has a start.',
      ],
      [
        'Invalid body.file: must be of the type it replaces (image/png), not image/gif',
        'File must be of the type it replaces (image/png), not image/gif.',
      ],
      ['Invalid body.ids: the message 9 is unknown', 'The message 9 is unknown.'],
      [
        'Invalid body.rule.agencies: must not include S&P ratings: alerts on them need the feature "s_and_p_ratings", which your account does not have',
        'Agencies must not include S&P ratings: alerts on them need the feature "s_and_p_ratings", which your account does not have.',
      ],
    ] as const) {
      expect(humaneServerError(text)).toBe(sentence);
    }
  });

  it("a blog tag's rule reads as a sentence, in the body and in the tag filter alike", () => {
    const rule = blogPostCreateBodySchema.shape.tags.safeParse(['credit', 'Bad_tag!']);
    expect(rule.success).toBe(false);
    expect(humaneIssue(rule.error?.issues[0])).toBe('Each tag may use only letters, digits, spaces and hyphens, up to 30 characters.');
    expect(humaneServerError(`Invalid query.tag: ${rule.error?.issues[0]?.message}`)).toBe(
      'Each tag may use only letters, digits, spaces and hyphens, up to 30 characters.',
    );
  });
});
