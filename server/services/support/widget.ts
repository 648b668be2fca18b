/**
 * The vendor support widget (feature `intercom`, spec §6/§7): the server decides who gets it —
 * configured here (INTERCOM_APP_ID, INTERCOM_REGION) and the feature usable for the person — and
 * tells the browser in user info; everyone else gets the built-in "Contact support" form.
 */
import { createHmac } from 'node:crypto';
import type { SupportWidget } from '@common/api/support';
import type { FeatureName } from '@common/features';
import type { Config } from '../../config';

/** The widget for a person with these usable features, or null (not configured, or feature off). */
export function supportWidgetFor(
  config: Pick<Config, 'intercom'>,
  features: readonly FeatureName[],
  supportToken: string,
): SupportWidget | null {
  const intercom = config.intercom;
  if (!intercom || !features.includes('intercom')) return null;
  return {
    vendor: 'intercom',
    appId: intercom.appId,
    region: intercom.region,
    // Identity verification: the messenger identifies people by their support token (never our
    // internal id), and the hash proves the browser did not make it up.
    userHash: intercom.identitySecret ? createHmac('sha256', intercom.identitySecret).update(supportToken).digest('hex') : null,
  };
}

/**
 * What the content security policy must allow for the messenger to load and talk to its hosts
 * (Intercom's published list, folded into wildcards); nothing when the widget is not configured,
 * so a self-hosted product's pages reach no outside host.
 */
export function supportWidgetCsp(
  config: Pick<Config, 'intercom'>,
): Record<'scriptSrc' | 'connectSrc' | 'imgSrc' | 'fontSrc' | 'mediaSrc' | 'frameSrc', string[]> {
  if (!config.intercom) return { scriptSrc: [], connectSrc: [], imgSrc: [], fontSrc: [], mediaSrc: [], frameSrc: [] };
  const cdn = ['https://*.intercomcdn.com', 'https://*.intercomcdn.eu'];
  return {
    scriptSrc: ['https://widget.intercom.io', 'https://app.intercom.io', 'https://js.intercomcdn.com'],
    connectSrc: [
      'https://*.intercom.io',
      'wss://*.intercom.io',
      'https://*.intercom-messenger.com',
      'wss://*.intercom-messenger.com',
      ...cdn,
      'https://uploads.intercomusercontent.com',
    ],
    imgSrc: [
      ...cdn,
      'https://*.intercom.io',
      'https://*.intercomassets.com',
      'https://*.intercomassets.eu',
      'https://uploads.intercomusercontent.com',
      'https://*.intercom-attachments.com',
      'https://*.intercom-attachments.eu',
      ...Array.from({ length: 9 }, (_, i) => `https://*.intercom-attachments-${i + 1}.com`),
    ],
    fontSrc: ['https://fonts.intercomcdn.com', 'https://js.intercomcdn.com'],
    mediaSrc: cdn,
    frameSrc: [
      'https://intercom-sheets.com',
      'https://www.intercom-reporting.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
      'https://fast.wistia.net',
    ],
  };
}
