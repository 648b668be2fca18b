import { Alert } from '@mantine/core';

/** Shown instead of help or blog pages when the caller's access lacks the feature (the server refuses too). */
export function FeatureUnavailable({ what }: { what: string }) {
  return (
    <Alert color="gray" data-testid="feature-unavailable">
      {what} is not part of your access. Contact your administrator or support to have it switched on.
    </Alert>
  );
}
