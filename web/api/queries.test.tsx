import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type ApiCall, refusal, serveApi } from '../test/apiServer';
import { renderPage } from '../test/renderPage';
import { AnswerShapeError } from './answerCheck';
import { api } from './client';
import { apiErrorText } from './errorText';
import { apiKey, SESSION_READ, useApiInfiniteQuery, useApiMutation, useApiPostQuery, useApiQueries, useApiQuery } from './queries';

/** A list and the form that adds to it: the shape of every edit in the app. */
function Notes({ rereadWhenRefused = false }: { rereadWhenRefused?: boolean }) {
  const list = useApiQuery<{ notes: string[] }>('/v2/test/notes');
  const add = useApiMutation((text: string) => api.post('/v2/test/notes', { text }), {
    invalidates: ['/v2/test/notes'],
    ...(rereadWhenRefused ? { rereadWhenRefused: ['/v2/test/notes'] } : {}),
  });
  return (
    <div>
      <ul>
        {list.data?.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <button type="button" disabled={add.busy} onClick={() => void add.run('third')}>
        Add
      </button>
      {add.busy && <span>Saving…</span>}
      {add.error && <p role="alert">{add.error}</p>}
    </div>
  );
}

describe('useApiMutation', () => {
  it('sends the edit, then reads the list it changed again', async () => {
    const notes = ['first', 'second'];
    const server = serveApi({
      'GET /v2/test/notes': () => ({ notes }),
      'POST /v2/test/notes': (call: ApiCall) => {
        notes.push((call.body as { text: string }).text);
        return { ok: true };
      },
    });
    renderPage(<Notes />);
    expect(await screen.findByText('second')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('third')).toBeTruthy();
    expect(server.callsTo('POST /v2/test/notes').map((c) => c.body)).toEqual([{ text: 'third' }]);
    expect(server.callsTo('GET /v2/test/notes')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal as its sentence, and re-reads nothing", async () => {
    const server = serveApi({
      'GET /v2/test/notes': { notes: ['first'] },
      'POST /v2/test/notes': refusal(409, 'A note with this text already exists'),
    });
    renderPage(<Notes />);
    expect(await screen.findByText('first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A note with this text already exists');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).not.toHaveProperty('disabled', true));
    expect(server.callsTo('GET /v2/test/notes')).toHaveLength(1);
  });

  it('reads the list again when a refused edit asks to (a version changed meanwhile), then shows the refusal', async () => {
    let notes = ['first'];
    const server = serveApi({
      'GET /v2/test/notes': () => ({ notes }),
      'POST /v2/test/notes': () => {
        notes = ['first', 'added by someone else'];
        return refusal(409, 'The notes changed meanwhile: look again and retry');
      },
    });
    renderPage(<Notes rereadWhenRefused />);
    expect(await screen.findByText('first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The notes changed meanwhile: look again and retry');
    expect(await screen.findByText('added by someone else')).toBeTruthy();
    expect(server.callsTo('GET /v2/test/notes')).toHaveLength(2);
  });
});

/** A contract as common/api writes them: the page reads `notes` and nothing else. */
const noteListSchema = z.object({ notes: z.array(z.string()) });

/** A list read against its contract, showing the refusal sentence a page would. */
function CheckedNotes() {
  const list = useApiQuery('/v2/test/checked-notes', { schema: noteListSchema });
  // The data's type is the schema's output, with no type argument written at the call.
  expectTypeOf(list.data).toEqualTypeOf<{ notes: string[] } | undefined>();
  if (list.isError) return <p role="alert">{apiErrorText(list.error)}</p>;
  return (
    <ul>
      {list.data?.notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

describe('useApiQuery with a schema', () => {
  it('an answer that keeps its contract reaches the page and the cache as the contract reads it', async () => {
    serveApi({ 'GET /v2/test/checked-notes': { notes: ['first', 'second'], internal: 'not for pages' } });
    const { queryClient } = renderPage(<CheckedNotes />);
    expect(await screen.findByText('second')).toBeTruthy();
    // Checked in the fetch, so the cache holds the contract's output: unknown keys are dropped.
    expect(queryClient.getQueryData(apiKey('/v2/test/checked-notes'))).toEqual({ notes: ['first', 'second'] });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("an answer that breaks its contract is the query's error, said as a sentence, and never cached", async () => {
    serveApi({ 'GET /v2/test/checked-notes': { notes: 'first, second' } });
    const { queryClient } = renderPage(<CheckedNotes />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server sent an answer this page cannot read. Reload the page and try again.',
    );
    expect(queryClient.getQueryData(apiKey('/v2/test/checked-notes'))).toBeUndefined();
    const error = queryClient.getQueryState(apiKey('/v2/test/checked-notes'))?.error;
    expect(error).toBeInstanceOf(AnswerShapeError);
    // The report names the path and the field that broke, for whoever mends the drift.
    expect((error as AnswerShapeError).message).toMatch(/^The answer from \/v2\/test\/checked-notes does not match its contract:.*notes/s);
  });
});

const itemSchema = z.object({ id: z.number(), name: z.string() });

/** One read per chosen item (a row per bond), with a button that chooses one more. */
function Items({ first }: { first: number[] }) {
  const [ids, setIds] = useState(first);
  const items = useApiQueries(
    ids.map((id) => `/v2/test/items/${id}`),
    { schema: itemSchema },
  );
  expectTypeOf(items[0]!.data).toEqualTypeOf<{ id: number; name: string } | undefined>();
  return (
    <div>
      <ul>
        {ids.map((id, i) => (
          <li key={id}>{items[i]?.isError ? `Item ${id} unreadable` : (items[i]?.data?.name ?? `Item ${id}…`)}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setIds([...ids, 3])}>
        Add 3
      </button>
    </div>
  );
}

describe('useApiQueries', () => {
  it('reads each path once under its own key, and a path added leaves the others cached', async () => {
    const names: Record<string, string> = { '1': 'Apple 2030', '2': 'Ford 2031', '3': 'IBM 2032' };
    const server = serveApi({
      'GET /v2/test/items/1': { id: 1, name: names['1'] },
      'GET /v2/test/items/2': { id: 2, name: names['2'] },
      'GET /v2/test/items/3': { id: 3, name: names['3'] },
    });
    const { queryClient } = renderPage(<Items first={[1, 2]} />);
    expect(await screen.findByText('Ford 2031')).toBeTruthy();
    expect(queryClient.getQueryData(apiKey('/v2/test/items/1'))).toEqual({ id: 1, name: 'Apple 2030' });
    fireEvent.click(screen.getByRole('button', { name: 'Add 3' }));
    expect(await screen.findByText('IBM 2032')).toBeTruthy();
    expect(server.calls.map((c) => c.path)).toEqual(['/v2/test/items/1', '/v2/test/items/2', '/v2/test/items/3']);
  });

  it('an answer that breaks its contract is that read’s error only: the others still show', async () => {
    serveApi({
      'GET /v2/test/items/1': { id: 1, name: 'Apple 2030' },
      'GET /v2/test/items/2': { id: 2, title: 'Ford 2031' },
    });
    renderPage(<Items first={[1, 2]} />);
    expect(await screen.findByText('Item 2 unreadable')).toBeTruthy();
    expect(screen.getByText('Apple 2030')).toBeTruthy();
  });
});

type LogPage = { entries: string[]; nextCursor: string | null };

/** A log paged on the server, with "Older" for the next page. */
function Log() {
  const log = useApiInfiniteQuery<LogPage>('/v2/test/log', { query: { limit: 2 }, nextCursor: (last) => last.nextCursor });
  return (
    <div>
      <ul>
        {log.data?.pages
          .flatMap((p) => p.entries)
          .map((e) => (
            <li key={e}>{e}</li>
          ))}
      </ul>
      {log.hasNextPage && (
        <button type="button" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          Older
        </button>
      )}
    </div>
  );
}

describe('useApiInfiniteQuery', () => {
  it('asks the first page without a cursor, each next one with the cursor the last named, until none is named', async () => {
    const pages: Record<string, LogPage> = {
      '': { entries: ['e5', 'e4'], nextCursor: 'c3' },
      c3: { entries: ['e3', 'e2'], nextCursor: 'c1' },
      c1: { entries: ['e1'], nextCursor: null },
    };
    const server = serveApi({ 'GET /v2/test/log': (call: ApiCall) => pages[call.query.get('cursor') ?? ''] });
    const { queryClient } = renderPage(<Log />);
    expect(await screen.findByText('e4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('e2')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('e1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Older' })).toBeNull());
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['e5', 'e4', 'e3', 'e2', 'e1']);
    expect(server.calls.map((c) => c.query.toString())).toEqual(['limit=2', 'limit=2&cursor=c3', 'limit=2&cursor=c1']);
    // One key for all the pages, under the path: invalidating the path reads them again.
    await queryClient.invalidateQueries({ queryKey: apiKey('/v2/test/log') });
    await waitFor(() => expect(server.calls).toHaveLength(6));
    expect(server.calls.slice(3).map((c) => c.query.get('cursor'))).toEqual([null, 'c3', 'c1']);
    // Not the key of a plain read of the same path and query, which caches one answer, not pages.
    expect(queryClient.getQueryState(apiKey('/v2/test/log', { limit: 2 }))).toBeUndefined();
  });
});

/** A question asked by POST: the body is the question, chosen by the buttons. */
function Quote() {
  const [body, setBody] = useState<{ size: number } | null>(null);
  const answer = useApiPostQuery<{ price: number }>('/v2/test/quote', body, { staleTime: 60_000 });
  return (
    <div>
      <button type="button" onClick={() => setBody({ size: 10 })}>
        Ten
      </button>
      <button type="button" onClick={() => setBody({ size: 20 })}>
        Twenty
      </button>
      {answer.data && <p>Price {answer.data.price}</p>}
    </div>
  );
}

describe('useApiPostQuery', () => {
  it('asks nothing without a body, then once per distinct body: a body asked before is answered from the cache while fresh', async () => {
    const server = serveApi({ 'POST /v2/test/quote': (call: ApiCall) => ({ price: (call.body as { size: number }).size * 2 }) });
    const { queryClient } = renderPage(<Quote />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ten' }));
    expect(await screen.findByText('Price 20')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Twenty' }));
    expect(await screen.findByText('Price 40')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ten' }));
    expect(await screen.findByText('Price 20')).toBeTruthy();
    expect(server.callsTo('POST /v2/test/quote').map((c) => c.body)).toEqual([{ size: 10 }, { size: 20 }]);
    expect(queryClient.getQueryData(apiKey('/v2/test/quote', { body: '{"size":20}' }))).toEqual({ price: 40 });
  });
});

/** A row's read that goes through a shared request (as the sparklines' batch does). */
function BatchedRow() {
  const row = useApiQuery('/v2/test/rows', {
    query: { id: 7 },
    schema: z.object({ id: z.number(), value: z.number() }),
    read: async (signal) => (await api.get<{ rows: unknown[] }>('/v2/test/rows-batch', { query: { ids: '7,8' }, signal })).rows[0],
  });
  if (row.isError) return <p role="alert">{apiErrorText(row.error)}</p>;
  return <p>{row.data ? `Row ${row.data.id}: ${row.data.value}` : 'Loading'}</p>;
}

describe('useApiQuery with its own read', () => {
  it('fetches the way it is told, keyed by apiKey(path, query), its answer checked against the contract', async () => {
    const server = serveApi({
      'GET /v2/test/rows-batch': {
        rows: [
          { id: 7, value: 1.5, extra: true },
          { id: 8, value: 2 },
        ],
      },
    });
    const { queryClient } = renderPage(<BatchedRow />);
    expect(await screen.findByText('Row 7: 1.5')).toBeTruthy();
    expect(server.calls.map((c) => c.path)).toEqual(['/v2/test/rows-batch']);
    expect(queryClient.getQueryData(apiKey('/v2/test/rows', { id: 7 }))).toEqual({ id: 7, value: 1.5 });
  });

  it('an answer from its read that breaks the contract is the query’s error', async () => {
    serveApi({ 'GET /v2/test/rows-batch': { rows: [{ id: 7 }] } });
    renderPage(<BatchedRow />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server sent an answer this page cannot read. Reload the page and try again.',
    );
  });
});

/** A page's list, the session's ToS check, and an edit that changes what every screen shows. */
function Rename() {
  const list = useApiQuery<{ notes: string[] }>('/v2/test/notes');
  const tos = useApiQuery<{ tosConsent: boolean }>('/v2/test/tos', { meta: SESSION_READ });
  const rename = useApiMutation(() => api.post('/v2/test/rename', {}), { invalidates: 'everything' });
  return (
    <div>
      <p>{list.data?.notes.join(', ')}</p>
      <p>{tos.data?.tosConsent ? 'Consented' : ''}</p>
      <button type="button" onClick={() => void rename.run()}>
        Rename
      </button>
    </div>
  );
}

describe("an 'everything' re-read", () => {
  it('reads every query on screen again but the session’s own', async () => {
    let notes = ['Apple'];
    const server = serveApi({
      'GET /v2/test/notes': () => ({ notes }),
      'GET /v2/test/tos': { tosConsent: true },
      'POST /v2/test/rename': () => {
        notes = ['Apple Inc.'];
        return { ok: true };
      },
    });
    renderPage(<Rename />);
    expect(await screen.findByText('Consented')).toBeTruthy();
    expect(await screen.findByText('Apple')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Apple Inc.')).toBeTruthy();
    expect(server.callsTo('GET /v2/test/notes')).toHaveLength(2);
    expect(server.callsTo('GET /v2/test/tos')).toHaveLength(1);
  });
});
