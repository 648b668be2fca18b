import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_PATHS, type MediaItem, mediaItemSchema, mediaListSchema } from '@common/api/media';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import AdminMediaPage from './AdminMediaPage';

const chart: MediaItem = shaped(mediaItemSchema, {
  id: 3,
  path: '2026/11/curve.png',
  name: 'curve.png',
  mime: 'image/png',
  size: 204_800,
  width: 1200,
  height: 600,
  version: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
  link: '/media/2026/11/curve.png?jwt=short',
  publicLink: '/media/2026/11/curve.png?jwt=long',
});
const MEDIA = `GET ${MEDIA_PATHS.admin}`;
let items: MediaItem[];
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  items = [chart];
  server = serveApi({ [MEDIA]: () => shaped(mediaListSchema, { items }) });
});

describe('admin media library', () => {
  it('shows each file with its type, size and version', async () => {
    renderPage(<AdminMediaPage />);
    const item = await screen.findByTestId('media-item');
    expect(within(item).getByText('curve.png')).toBeTruthy();
    expect(within(item).getByText(/^image\/png · 200 KB · 1200×600px · version 2 ·/)).toBeTruthy();
    expect(within(item).getByRole('img').getAttribute('src')).toBe('/media/2026/11/curve.png?jwt=short');
  });

  it('uploading sends the bytes under the file name, and the library read again lists it', async () => {
    const UPLOAD = `POST ${MEDIA_PATHS.admin}`;
    server.answer(UPLOAD, () => {
      const pdf = shaped(mediaItemSchema, {
        ...chart,
        id: 4,
        name: 'outlook.pdf',
        mime: 'application/pdf',
        width: null,
        height: null,
        version: 1,
      });
      items = [...items, pdf];
      return pdf;
    });
    const { container } = renderPage(<AdminMediaPage />);
    await screen.findByTestId('media-item');
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"][accept^="image/png,"]')!;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'outlook.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(2));
    const [upload] = server.callsTo(UPLOAD);
    expect(upload?.query.get('name')).toBe('outlook.pdf');
    expect(upload?.headers.get('content-type')).toBe('application/octet-stream');
    expect(screen.getByText('PDF')).toBeTruthy();
  });

  it('deleting asks first; a file a published post uses is refused with the reason and stays', async () => {
    const DELETE = `DELETE ${MEDIA_PATHS.adminOne({ id: 3 })}`;
    server.answer(DELETE, refusal(409, 'curve.png is used by the published post "Curve outlook".'));
    renderPage(<AdminMediaPage />);
    fireEvent.click(within(await screen.findByTestId('media-item')).getByRole('button', { name: 'Delete' }));
    expect(server.callsTo(DELETE)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect((await screen.findByTestId('media-error')).textContent).toMatch(/used by the published post/);
    expect(server.callsTo(DELETE)).toHaveLength(1);
    expect(screen.getByTestId('media-item')).toBeTruthy();
  });
});
