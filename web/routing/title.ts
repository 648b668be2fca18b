import { PRODUCT_NAME, TITLE_SEPARATOR } from '@common/constants';

/** document.title for a route title: "Bondwise | Market summary". */
export function documentTitle(routeTitle: string): string {
  return `${PRODUCT_NAME}${TITLE_SEPARATOR}${routeTitle}`;
}
