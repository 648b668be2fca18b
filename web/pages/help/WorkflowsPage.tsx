import { HelpListPage } from './HelpListPage';

/** /bw/help/workflows */
export default function WorkflowsPage() {
  return <HelpListPage kind="workflow" />;
}
