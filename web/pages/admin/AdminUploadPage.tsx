/**
 * /bw/admin/upload: a data file into the market — pick the kind, choose whether bad rows are
 * skipped or stop the import, upload with a progress bar, and read the report: rows read,
 * imported and rejected (by line, with the reason, downloadable as CSV). Past imports — who,
 * when, what — come from the audit log (`market.import.*`). EDGAR term sheets have their own page.
 */
import { Alert, Anchor, Button, Checkbox, FileButton, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { UploadKind } from '@common/api/upload';
import { PageTitle } from '../../components/PageTitle';
import { PastImports } from './PastImports';
import { UploadReport } from './UploadReport';
import { UPLOAD_KIND_OPTIONS } from './uploadKinds';
import { useAdminUpload } from './useAdminUpload';

export default function AdminUploadPage() {
  const { kind, setKind, spec, skipBadRows, setSkipBadRows, progress, result, past, upload } = useAdminUpload();
  return (
    <Stack gap="sm" maw={1100} data-testid="admin-upload-page">
      <PageTitle />
      <SegmentedControl value={kind} onChange={(v) => setKind(v as UploadKind)} data={UPLOAD_KIND_OPTIONS} w="fit-content" />
      <Text size="sm" c="dimmed">
        {spec.help}. EDGAR term sheets are uploaded on{' '}
        <Anchor component={Link} to="/bw/admin/edgar" size="sm">
          their own page
        </Anchor>
        .
      </Text>
      <Group>
        <Checkbox
          label="Skip bad rows (import the good ones; otherwise a file with a bad row changes nothing)"
          checked={skipBadRows}
          onChange={(e) => setSkipBadRows(e.currentTarget.checked)}
        />
      </Group>
      <Group>
        <FileButton onChange={(f) => void upload(f)} accept={spec.accept}>
          {(props) => (
            <Button {...props} loading={progress !== null} data-testid="upload-file">
              Choose a file and import
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && <Progress value={progress * 100} animated={progress >= 1} data-testid="upload-progress" />}
      {result && !result.report && result.refusal && <Alert color="red">{result.refusal}</Alert>}
      {result?.report && <UploadReport report={result.report} refusal={result.refusal} />}
      <PastImports past={past} />
    </Stack>
  );
}
