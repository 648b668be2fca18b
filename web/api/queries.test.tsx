import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type ApiCall, refusal, serveApi } from '../test/apiServer';
import { renderPage } from '../test/renderPage';
import { AnswerShapeError } from './answerCheck';
import { api } from './client';
import { apiErrorText } from './errorText';
import { apiKey, useApiMutation, useApiQuery } from './queries';

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
