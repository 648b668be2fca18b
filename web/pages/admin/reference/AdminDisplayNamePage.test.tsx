import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_DISPLAY_NAME_PATHS,
  type DisplayNameOverride,
  displayNameOverrideSchema,
  displayNamePreviewResponseSchema,
  displayNamePreviewSchema,
  displayNamePutSchema,
  displayNameSubjectsResponseSchema,
  displayNamesResponseSchema,
} from '@common/api/adminDisplayNames';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { fieldError } from '../../../test/fieldError';
import { renderPage } from '../../../test/renderPage';
import AdminDisplayNamePage from './AdminDisplayNamePage';

const LIST = `GET ${ADMIN_DISPLAY_NAME_PATHS.list}`;
const PREVIEW = `POST ${ADMIN_DISPLAY_NAME_PATHS.preview}`;
const ACME = ADMIN_DISPLAY_NAME_PATHS.override({ subjectType: 'issuer', subjectId: 12 });
const acmeOverride: DisplayNameOverride = shaped(displayNameOverrideSchema, {
  subjectType: 'issuer',
  subjectId: 12,
  label: 'ACME',
  referenceName: 'Acme',
  displayName: 'Acme Group',
  version: 1,
  updatedBy: 'ann@example.com',
  updatedAt: '2026-11-29T10:00:00.000Z',
});
let overrides: DisplayNameOverride[];
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  overrides = [];
  server = serveApi({
    [LIST]: () => shaped(displayNamesResponseSchema, { overrides, total: overrides.length }),
    [`GET ${ADMIN_DISPLAY_NAME_PATHS.subjects}`]: shaped(displayNameSubjectsResponseSchema, {
      subjects: [{ subjectId: 12, label: 'ACME', referenceName: 'Acme', override: null, version: null }],
    }),
  });
});

describe('admin display names', () => {
  it('an issuer found by ticker is renamed after a preview of the rows it changes, and the override is listed', async () => {
    server.answer(PREVIEW, (call: ApiCall) => {
      const asked = displayNamePreviewSchema.parse(call.body);
      return shaped(displayNamePreviewResponseSchema, {
        ...asked,
        referenceName: 'Acme',
        currentName: 'Acme',
        proposedName: asked.displayName,
        rows: [
          {
            bondId: 5,
            cusip: '000000AA1',
            before: { issuer: 'Acme', displayName: 'Acme', description: 'ACME 5.25 12/01/36' },
            after: { issuer: asked.displayName, displayName: asked.displayName, description: 'ACME 5.25 12/01/36' },
          },
        ],
        bondCount: 14,
      });
    });
    server.answer(`PUT ${ACME}`, (call: ApiCall) => {
      displayNamePutSchema.parse(call.body); // null version: there was no override to have changed
      overrides = [acmeOverride];
      return acmeOverride;
    });
    renderPage(<AdminDisplayNamePage />);
    fireEvent.change(screen.getByTestId('display-name-search'), { target: { value: 'acme' } });
    fireEvent.click(await screen.findByTestId('display-name-subject'));
    fireEvent.change(await screen.findByTestId('display-name-input'), { target: { value: 'Acme Group' } });
    expect(screen.getByTestId('display-name-save').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('display-name-preview'));
    const rows = await screen.findByTestId('display-name-preview-rows');
    expect(within(rows).getByText('14 bond-table row(s) change; the first 1:')).toBeTruthy();
    fireEvent.click(screen.getByTestId('display-name-save'));
    const listed = screen.getByTestId('display-name-overrides');
    expect(await within(listed).findByText('Acme Group')).toBeTruthy();
    expect(server.callsTo(PREVIEW).map((c) => c.body)).toEqual([{ subjectType: 'issuer', subjectId: 12, displayName: 'Acme Group' }]);
    expect(server.callsTo(`PUT ${ACME}`).map((c) => c.body)).toEqual([{ displayName: 'Acme Group', version: null }]);
    expect(Object.fromEntries(server.callsTo(`GET ${ADMIN_DISPLAY_NAME_PATHS.subjects}`)[0]!.query)).toEqual({ type: 'issuer', q: 'acme' });
  });

  it('removing an override names its version, and the list read again no longer has it', async () => {
    overrides = [acmeOverride];
    server.answer(`DELETE ${ACME}`, () => {
      overrides = [];
      return new Response(null, { status: 204 });
    });
    renderPage(<AdminDisplayNamePage />);
    fireEvent.click(await within(screen.getByTestId('display-name-overrides')).findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Overrides in force (0)')).toBeTruthy();
    expect(server.callsTo(`DELETE ${ACME}`).map((c) => c.query.get('version'))).toEqual(['1']);
    await waitFor(() => expect(within(screen.getByTestId('display-name-overrides')).queryByText('Acme Group')).toBeNull());
  });

  const openAcme = async () => {
    renderPage(<AdminDisplayNamePage />);
    fireEvent.change(screen.getByTestId('display-name-search'), { target: { value: 'acme' } });
    fireEvent.click(await screen.findByTestId('display-name-subject'));
    return screen.findByTestId('display-name-input');
  };

  it("a name the contract refuses is refused under the field, in the server's sentence, and no preview is asked", async () => {
    const input = await openAcme();
    fireEvent.change(input, { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByTestId('display-name-preview'));
    await waitFor(() => expect(fieldError(input)).toBe('Display name must be at most 120 characters.'));
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('display-name-preview'));
    await waitFor(() => expect(fieldError(input)).toBe('Display name must not be empty.'));
    expect(server.callsTo(PREVIEW)).toEqual([]);
  });

  it("the server's 400 naming the name shows under the field, and nothing can be saved", async () => {
    server.answer(PREVIEW, refusal(400, 'Invalid body.displayName: must have no control characters'));
    const input = await openAcme();
    fireEvent.change(input, { target: { value: 'Acme Group' } });
    fireEvent.click(screen.getByTestId('display-name-preview'));
    await waitFor(() => expect(fieldError(input)).toBe('Display name must have no control characters.'));
    expect(server.callsTo(PREVIEW).map((c) => c.body)).toEqual([{ subjectType: 'issuer', subjectId: 12, displayName: 'Acme Group' }]);
    expect(screen.getByTestId('display-name-save').hasAttribute('disabled')).toBe(true);
  });

  it('a save refused as changed meanwhile says so on the editor, not under the name', async () => {
    server.answer(PREVIEW, (call: ApiCall) => {
      const asked = displayNamePreviewSchema.parse(call.body);
      return shaped(displayNamePreviewResponseSchema, {
        ...asked,
        referenceName: 'Acme',
        currentName: 'Acme',
        proposedName: asked.displayName,
        rows: [],
        bondCount: 0,
      });
    });
    server.answer(`PUT ${ACME}`, refusal(409, 'version: the display name changed since you read it'));
    const input = await openAcme();
    fireEvent.change(input, { target: { value: 'Acme Group' } });
    fireEvent.click(screen.getByTestId('display-name-preview'));
    await waitFor(() => expect(screen.getByTestId('display-name-save').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('display-name-save'));
    const editor = screen.getByTestId('display-name-editor');
    expect(await within(editor).findByText('version: the display name changed since you read it')).toBeTruthy();
    expect(fieldError(input)).toBeNull();
    expect(server.callsTo(`PUT ${ACME}`).map((c) => c.body)).toEqual([{ displayName: 'Acme Group', version: null }]);
  });
});
