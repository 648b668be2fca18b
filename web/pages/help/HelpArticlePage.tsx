/**
 * /bw/help/{articlePath}: one article, guide or workflow at its nested path (the route's splat),
 * as the HTML the server rendered and sanitised; breadcrumbs from the path; a workflow's steps
 * numbered above it; the screen it explains linked.
 */
import { Alert, Anchor, Badge, Breadcrumbs, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { HELP_PATH_PATTERN, HELP_PATHS, type HelpArticle } from '@common/api/help';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { SafeHtml } from '../../components/content/SafeHtml';
import { useFeature } from '../../features/useFeature';
import { HelpSearch } from './HelpSearch';
import { FeatureUnavailable } from '../../components/content/FeatureUnavailable';

const KIND_LABEL = { guide: 'Guide', workflow: 'Workflow', article: 'Article' } as const;

export default function HelpArticlePage() {
  const enabled = useFeature('help');
  const path = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const valid = HELP_PATH_PATTERN.test(path);
  const article = useApiQuery<HelpArticle>(enabled && valid ? HELP_PATHS.article : null, { query: { path }, retry: false });
  if (!enabled) return <FeatureUnavailable what="The help centre" />;
  const notFound = !valid || (article.error instanceof ApiError && article.error.status === 404);
  const a = article.data;
  const segments = path.split('/');
  const parent = segments[0] === 'guides' ? '/bw/help/guides' : segments[0] === 'workflows' ? '/bw/help/workflows' : '/bw/help/guides';
  return (
    <Stack gap="sm" maw={900} data-testid="help-article-page">
      <Breadcrumbs>
        <Anchor component={Link} to="/bw/help/guides" size="sm">
          Help
        </Anchor>
        {segments.slice(0, -1).map((s, i) => (
          <Anchor key={s} component={Link} to={i === 0 ? parent : `/bw/help/${segments.slice(0, i + 1).join('/')}`} size="sm">
            {s.replace(/-/g, ' ')}
          </Anchor>
        ))}
        <Text size="sm">{a?.title ?? segments.at(-1)}</Text>
      </Breadcrumbs>
      <HelpSearch />
      {notFound && (
        <Alert color="yellow" data-testid="help-not-found">
          There is no help article at “{path}”. Try the search above, or the list of <Link to="/bw/help/guides">guides</Link>.
        </Alert>
      )}
      {article.isError && !notFound && <Alert color="red">{apiErrorText(article.error)}</Alert>}
      {a && (
        <Card withBorder padding="md">
          <Group justify="space-between" align="flex-start">
            <Title order={1} size="h2" data-testid="help-article-title">
              {a.title}
            </Title>
            <Badge variant="light">{KIND_LABEL[a.kind]}</Badge>
          </Group>
          {a.summary && (
            <Text c="dimmed" mb="sm">
              {a.summary}
            </Text>
          )}
          {a.steps.length > 0 && (
            <Card withBorder padding="xs" mb="sm" data-testid="workflow-steps">
              <Text size="sm" fw={600}>
                Steps
              </Text>
              <List type="ordered" size="sm">
                {a.steps.map((s) => (
                  <List.Item key={s}>{s}</List.Item>
                ))}
              </List>
            </Card>
          )}
          <SafeHtml html={a.html} testId="help-article-body" />
          {a.screen && !a.screen.includes(':') && (
            <Button component={Link} to={a.screen} variant="light" mt="md" size="xs">
              Open the screen
            </Button>
          )}
        </Card>
      )}
    </Stack>
  );
}
