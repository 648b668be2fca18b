/**
 * Terms of service, versioned. Changing the text means a new TOS_VERSION: every user is then
 * asked to consent again (GET /v2/user/{id}/tos answers tosConsent false until they do).
 */
export const TOS_VERSION = '2026-11-21';

export const TOS_TITLE = 'Bondwise Terms of Service';

export const TOS_TEXT = `These terms govern your use of Bondwise, a bond-market data service for finance professionals.

1. Use. Bondwise is provided to you for your own professional use within your organisation. Do not share your account, and keep your password and second factors safe.
2. Data. Market data, prices and analytics are provided for information only and are not an offer, solicitation or investment advice. Evaluated prices carry a confidence indicator; check important figures against your own sources before you trade.
3. Redistribution. You may not resell or redistribute Bondwise data outside your organisation, except through the product's sharing features.
4. Trials. A trial account may use the full product until its trial ends; afterwards it keeps access to its profile, settings and help until a subscription starts.
5. Privacy. We keep the personal data you give us (name, e-mail, profile) to run the service and contact you about it. We log security events such as sign-ins.
6. Changes. We may change these terms; you will be asked to accept a new version before you continue.`;
