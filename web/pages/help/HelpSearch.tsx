/** The search box of the help centre and the blog: GET /v2/search over help and published posts. */
import { Anchor, Badge, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { HELP_PATHS, SEARCH_QUERY_MAX_LENGTH, type SearchResponse } from '@common/api/help';
import { useApiQuery } from '../../api/queries';
import { Snippet } from '../../components/content/SafeHtml';

export function HelpSearch({ placeholder = 'Search help and the blog' }: { placeholder?: string }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const results = useApiQuery<SearchResponse>(q ? HELP_PATHS.search : null, { query: { q, limit: 10 } });
  return (
    <Stack gap={6}>
      <TextInput
        placeholder={placeholder}
        aria-label="Search help"
        value={text}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="help-search"
      />
      {q && results.data && (
        <Card withBorder padding="xs" data-testid="help-search-results">
          {results.data.results.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing matches “{q}”.
            </Text>
          ) : (
            <Stack gap={8}>
              {results.data.results.map((r) => (
                <div key={r.route} data-testid="help-search-result">
                  <Group gap={6}>
                    <Badge size="xs" variant="light" color={r.type === 'blog' ? 'grape' : 'blue'}>
                      {r.type === 'blog' ? 'Blog' : 'Help'}
                    </Badge>
                    <Anchor component={Link} to={r.route} size="sm" fw={600}>
                      {r.title}
                    </Anchor>
                  </Group>
                  <Text size="xs" c="dimmed">
                    <Snippet text={r.snippet} />
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}
