/** /bw/primary/pricing-sheet/{id?}: the list of the caller's pricing sheets, or one opened. */
import { useParams } from 'react-router';
import { OpenedPricingSheet } from './OpenedPricingSheet';
import { PricingSheetList } from './PricingSheetList';

export default function PricingSheetPage() {
  const { id } = useParams();
  return id === undefined ? <PricingSheetList /> : <OpenedPricingSheet key={id} id={Number(id)} />;
}
