/**
 * /bw/admin/issuer/{issuerId}: one issuer — its reference fields edited with a version check, the
 * merge of a duplicate into it, its bonds (matured too) and its curve as the market screens draw
 * it (the issuer curve service). Every change is in the audit log. docs/admin.md.
 */
import { Alert, Anchor, Grid, Loader, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { IssuerBondsCard } from './IssuerBondsCard';
import { IssuerCurveCard } from './IssuerCurveCard';
import { IssuerReferenceCards } from './IssuerReferenceCards';
import { issuerTitle } from './issuerText';
import { useAdminIssuer } from './useAdminIssuer';

export default function AdminIssuerPage() {
  const state = useAdminIssuer();
  const { detail, issuer, notice } = state;
  return (
    <Stack gap="sm" data-testid="admin-issuer-page">
      <PageTitle title={issuerTitle(issuer)} />
      <Anchor component={Link} to="/bw/admin/issuers" size="sm">
        ← All issuers
      </Anchor>
      {detail.isPending && <Loader size="sm" type="dots" />}
      {detail.isError && <Alert color="red">{apiErrorText(detail.error)}</Alert>}
      {notice && (
        <Alert color="teal" withCloseButton onClose={state.closeNotice} data-testid="issuer-notice">
          {notice}
        </Alert>
      )}
      {issuer && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <IssuerReferenceCards issuer={issuer} state={state} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <IssuerCurveCard issuer={issuer} points={state.points} />
            <IssuerBondsCard issuer={issuer} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
