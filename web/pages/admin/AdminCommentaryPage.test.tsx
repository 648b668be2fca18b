import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMENTARY_PATHS, type Commentary, commentaryListSchema, commentarySchema } from '@common/api/commentary';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import AdminCommentaryPage from './AdminCommentaryPage';

const note: Commentary = shaped(commentarySchema, {
  id: 8,
  headline: 'Spreads tighten into month end',
  html: '<p>IG spreads <strong>4 bp</strong> tighter.</p>',
  markdown: 'IG spreads **4 bp** tighter.',
  publishAt: '2026-11-27T21:00:00.000Z',
  author: 'ann@example.com',
  version: 3,
  updatedAt: '2026-11-27T21:00:00.000Z',
});
const LIST = `GET ${COMMENTARY_PATHS.admin}`;
const ONE = COMMENTARY_PATHS.adminOne({ id: 8 });
let items: Commentary[];
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  items = [note];
  server = serveApi({ [LIST]: () => shaped(commentaryListSchema, { items, total: items.length, page: 1, pageSize: 50 }) });
});

describe('admin platform commentary', () => {
  it('shows each note with its author and the HTML the server rendered', async () => {
    renderPage(<AdminCommentaryPage />);
    const item = await screen.findByTestId('commentary-item');
    expect(within(item).getByText('Spreads tighten into month end')).toBeTruthy();
    expect(within(item).getByText('4 bp').tagName).toBe('STRONG');
    expect(within(item).getByText(/ · ann@example\.com$/)).toBeTruthy();
    expect(server.callsTo(LIST)[0]?.query.get('pageSize')).toBe('50');
  });

  it('marks a note scheduled while its publish time is ahead of the page clock, and not once it has passed', async () => {
    const before = renderPage(<AdminCommentaryPage />, { now: () => Date.parse('2026-11-27T20:59:00Z') });
    expect(within(await screen.findByTestId('commentary-item')).getByText('scheduled')).toBeTruthy();
    before.unmount();
    renderPage(<AdminCommentaryPage />, { now: () => Date.parse('2026-11-27T21:01:00Z') });
    expect(within(await screen.findByTestId('commentary-item')).queryByText('scheduled')).toBeNull();
  });

  it('publishing now sends the headline and Markdown without a time, and the list read again shows the note', async () => {
    const PUBLISH = `POST ${COMMENTARY_PATHS.admin}`;
    server.answer(PUBLISH, () => {
      const added = shaped(commentarySchema, {
        ...note,
        id: 9,
        headline: 'Quiet Friday',
        markdown: 'Light volumes.',
        html: '<p>Light volumes.</p>',
      });
      items = [added, ...items];
      return new Response(JSON.stringify(added), { status: 201, headers: { 'Content-Type': 'application/json' } });
    });
    renderPage(<AdminCommentaryPage />);
    await screen.findByTestId('commentary-item');
    fireEvent.change(screen.getByTestId('commentary-headline'), { target: { value: 'Quiet Friday' } });
    fireEvent.change(screen.getByTestId('commentary-markdown'), { target: { value: 'Light volumes.' } });
    fireEvent.click(screen.getByTestId('commentary-save'));
    expect(await screen.findByText('Quiet Friday')).toBeTruthy();
    expect(server.callsTo(PUBLISH).map((c) => c.body)).toEqual([{ headline: 'Quiet Friday', markdown: 'Light volumes.', publishAt: null }]);
    await waitFor(() => expect((screen.getByTestId('commentary-headline') as HTMLInputElement).value).toBe(''));
  });

  it('an edit names the version it was made on; one made on a stale version is refused and the text kept', async () => {
    server.answer(`PATCH ${ONE}`, refusal(409, 'This commentary changed since you opened it.'));
    renderPage(<AdminCommentaryPage />);
    fireEvent.click(within(await screen.findByTestId('commentary-item')).getByRole('button', { name: 'Edit' }));
    expect((screen.getByTestId('commentary-markdown') as HTMLTextAreaElement).value).toBe('IG spreads **4 bp** tighter.');
    fireEvent.change(screen.getByTestId('commentary-markdown'), { target: { value: 'IG spreads **5 bp** tighter.' } });
    fireEvent.click(screen.getByTestId('commentary-save'));
    expect((await screen.findByTestId('commentary-error')).textContent).toMatch(/changed since you opened it/);
    expect(server.callsTo(`PATCH ${ONE}`).map((c) => c.body)).toEqual([
      {
        headline: 'Spreads tighten into month end',
        markdown: 'IG spreads **5 bp** tighter.',
        // The time it was published, kept through the form's local-time field.
        publishAt: '2026-11-27T21:00:00.000Z',
        version: 3,
      },
    ]);
    expect((screen.getByTestId('commentary-markdown') as HTMLTextAreaElement).value).toBe('IG spreads **5 bp** tighter.');
  });

  it('a note without Markdown is refused in the browser as the server would, and nothing is sent', async () => {
    const PUBLISH = `POST ${COMMENTARY_PATHS.admin}`;
    server.answer(PUBLISH, {});
    renderPage(<AdminCommentaryPage />);
    await screen.findByTestId('commentary-item');
    fireEvent.change(screen.getByTestId('commentary-headline'), { target: { value: 'Quiet Friday' } });
    fireEvent.change(screen.getByTestId('commentary-markdown'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('commentary-save'));
    expect(await screen.findByText('Markdown is required.')).toBeTruthy();
    expect(server.callsTo(PUBLISH)).toHaveLength(0);
  });

  it('deleting a note asks first, sends the delete, and the list read again no longer shows it', async () => {
    server.answer(`DELETE ${ONE}`, () => {
      items = [];
      return new Response(null, { status: 204 });
    });
    renderPage(<AdminCommentaryPage />);
    fireEvent.click(within(await screen.findByTestId('commentary-item')).getByRole('button', { name: 'Delete' }));
    expect(server.callsTo(`DELETE ${ONE}`)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText('No commentary yet.')).toBeTruthy();
    expect(server.callsTo(`DELETE ${ONE}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('confirm-delete')).toBeNull());
  });

  it('a delete the server refuses keeps the note and shows the reason', async () => {
    server.answer(`DELETE ${ONE}`, refusal(409, 'This commentary changed since you opened it.'));
    renderPage(<AdminCommentaryPage />);
    fireEvent.click(within(await screen.findByTestId('commentary-item')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect((await screen.findByTestId('commentary-error')).textContent).toBe('This commentary changed since you opened it.');
    expect(screen.getByTestId('commentary-item')).toBeTruthy();
  });
});
