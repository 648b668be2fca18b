/**
 * /bw/admin/curve: the Treasury par curve by date as a table and a tenor-spaced chart; a point
 * corrected (the server refuses a stale correction, audits it and reprices the bonds priced on
 * that curve); a Treasury file imported through the upload route; two dates compared tenor by
 * tenor (docs/admin.md).
 */
import { Alert, Stack, Text } from '@mantine/core';
import { formatDay, formatNumber } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { CurveControls } from './CurveControls';
import { CurveCorrections } from './CurveCorrections';
import { CurveDay } from './CurveDay';
import { useAdminCurve } from './useAdminCurve';

export default function AdminCurvePage() {
  const state = useAdminCurve();
  const { curve, message, clearMessage } = state;
  const c = curve.data;
  return (
    <Stack gap="sm" data-testid="admin-curve-page">
      <PageTitle />
      {curve.isError && <Alert color="red">{apiErrorText(curve.error)}</Alert>}
      {message && (
        <Alert color={message.ok ? 'teal' : 'red'} withCloseButton onClose={clearMessage} data-testid="curve-message">
          {message.text}
        </Alert>
      )}
      <CurveControls state={state} />
      {c && (
        <Text size="sm" data-testid="curve-summary">
          {c.asked && c.asked !== c.date ? `No curve on ${formatDay(c.asked)}; the one in force is ` : ''}
          {formatDay(c.date)} ({c.points.length} tenors) · {formatNumber(c.bondsPriced, 0)} bond(s) priced on it · latest{' '}
          {formatDay(c.latestDate)}
        </Text>
      )}
      {c && <CurveDay c={c} state={state} />}
      {c && c.corrections.length > 0 && <CurveCorrections corrections={c.corrections} />}
    </Stack>
  );
}
