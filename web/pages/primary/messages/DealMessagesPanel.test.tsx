import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type DealMessage,
  dealMessageSchema,
  followListResponseSchema,
  MESSAGE_PATHS,
  messageListResponseSchema,
  recipientCountResponseSchema,
} from '@common/api/messages';
import { useFeatureStore } from '../../../features/useFeature';
import { runLogoutHooks } from '../../../stores/logout';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { fieldError } from '../../../test/fieldError';
import { renderPage } from '../../../test/renderPage';
import { DealMessagesPanel } from './DealMessagesPanel';

const CREATE = `POST ${MESSAGE_PATHS.create}`;
const sent = (body: { dealId: number; message: string }): DealMessage =>
  shaped(dealMessageSchema, {
    id: '2001',
    dealId: body.dealId,
    message: body.message.trim(),
    created: '2026-11-30T10:00:00.000Z',
    edited: null,
    readDate: '2026-11-30T10:00:00.000Z',
    author: { id: 'u-1', name: 'Sam Syndicate' },
    mine: true,
    recipientCount: 12,
  });

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  useFeatureStore.setState({ levels: { primary_deal_messaging: 2 } });
  server = serveApi({
    [`POST ${MESSAGE_PATHS.query}`]: shaped(messageListResponseSchema, { messages: [], canSend: true }),
    [`GET ${MESSAGE_PATHS.follows}`]: shaped(followListResponseSchema, { dealIds: [] }),
    [`POST ${MESSAGE_PATHS.checkRecipients}`]: shaped(recipientCountResponseSchema, { count: 12 }),
  });
});
afterEach(async () => {
  // The message store (and its recipient counts) lives for the session: a logout empties it.
  await runLogoutHooks();
  useFeatureStore.getState().reset();
});

const messageInput = () => screen.getByLabelText('New message');
const type = async (text: string) => {
  await screen.findByText('Reaches 12 people');
  fireEvent.change(messageInput(), { target: { value: text } });
};
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe("a deal's message form", () => {
  it("a message longer than the contract allows is refused under it, in the server's sentence, and nothing is sent", async () => {
    renderPage(<DealMessagesPanel dealId={31} />);
    await type('x'.repeat(2001));
    send();
    await waitFor(() => expect(fieldError(messageInput())).toBe('A message has at most 2000 characters. 2001 / 2000'));
    expect(server.callsTo(CREATE)).toEqual([]);
  });

  it("sends exactly the message as typed to the deal's followers, then empties the text", async () => {
    server.answer(CREATE, (call: ApiCall) => sent(call.body as { dealId: number; message: string }));
    renderPage(<DealMessagesPanel dealId={31} />);
    await type(' Books above 4bn ');
    send();
    await waitFor(() => expect((messageInput() as HTMLTextAreaElement).value).toBe(''));
    expect(server.callsTo(CREATE).map((c) => c.body)).toEqual([
      { dealId: 31, message: ' Books above 4bn ', recipients: { followers: true, organizationTypes: [], organizations: [] } },
    ]);
    expect(await screen.findByText('Books above 4bn')).toBeTruthy();
  });

  it("the server's 400 naming the message shows under it, and the text stays", async () => {
    server.answer(CREATE, refusal(400, 'Invalid body.message: A message has at most 2000 characters'));
    renderPage(<DealMessagesPanel dealId={31} />);
    await type('Books above 4bn');
    send();
    await waitFor(() => expect(fieldError(messageInput())).toBe('A message has at most 2000 characters. 15 / 2000'));
    expect(server.callsTo(CREATE)).toHaveLength(1);
    expect((messageInput() as HTMLTextAreaElement).value).toBe('Books above 4bn');
  });
});
