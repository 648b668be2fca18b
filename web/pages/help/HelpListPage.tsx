/**
 * /bw/help/guides and /bw/help/workflows: the guides by section (one per screen), or the
 * workflows with their numbered steps; beside them the other articles and the glossary, and
 * the search box over help and the blog.
 */
import { Anchor, Card, Grid, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HELP_PATHS, type HelpArticleSummary, type HelpArticlesResponse, type HelpKind } from '@common/api/help';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { useFeature } from '../../features/useFeature';
import { HelpSearch } from './HelpSearch';
import { FeatureUnavailable } from '../../components/content/FeatureUnavailable';

export const helpRoute = (path: string) => `/bw/help/${path}`;

function bySection(articles: HelpArticleSummary[]): Array<[string, HelpArticleSummary[]]> {
  const groups = new Map<string, HelpArticleSummary[]>();
  for (const a of articles) groups.set(a.section || 'Other', [...(groups.get(a.section || 'Other') ?? []), a]);
  return [...groups];
}

export function HelpListPage({ kind }: { kind: Extract<HelpKind, 'guide' | 'workflow'> }) {
  const enabled = useFeature('help');
  const all = useApiQuery<HelpArticlesResponse>(enabled ? HELP_PATHS.articles : null);
  if (!enabled) return <FeatureUnavailable what="The help centre" />;
  const articles = all.data?.articles ?? [];
  const mine = articles.filter((a) => a.kind === kind);
  const others = articles.filter((a) => a.kind === 'article');
  return (
    <Stack gap="sm" data-testid={`help-${kind}s`}>
      <PageTitle />
      <HelpSearch />
      {all.isError && <Text c="red">{apiErrorText(all.error)}</Text>}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {bySection(mine).map(([section, list]) => (
              <Stack key={section} gap={6}>
                <Title order={2} size="h4">
                  {section}
                </Title>
                {list.map((a) => (
                  <Card key={a.path} withBorder padding="sm" data-testid="help-list-item">
                    <Anchor component={Link} to={helpRoute(a.path)} fw={600}>
                      {a.title}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {a.summary}
                    </Text>
                    {a.steps.length > 0 && (
                      <List type="ordered" size="sm" mt={4}>
                        {a.steps.map((s) => (
                          <List.Item key={s}>{s}</List.Item>
                        ))}
                      </List>
                    )}
                  </Card>
                ))}
              </Stack>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="sm">
            <Text fw={600} size="sm" mb={4}>
              {kind === 'guide' ? 'Workflows' : 'Guides'}
            </Text>
            <Anchor component={Link} to={kind === 'guide' ? '/bw/help/workflows' : '/bw/help/guides'} size="sm">
              {kind === 'guide' ? 'Step-by-step workflows' : 'A guide for every screen'}
            </Anchor>
            <Text fw={600} size="sm" mt="sm" mb={4}>
              Articles
            </Text>
            <Stack gap={2}>
              {others.map((a) => (
                <Anchor key={a.path} component={Link} to={helpRoute(a.path)} size="sm">
                  {a.title}
                </Anchor>
              ))}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
