import { HelpListPage } from './HelpListPage';

/** /bw/help/guides */
export default function GuidesPage() {
  return <HelpListPage kind="guide" />;
}
