/**
 * A form on the hook, as a person uses it, against the profile contract (PUT /v2/user/{id}): what
 * the contract refuses never leaves the browser and reads as the server's 400 would; what it takes
 * is sent as the contract's body; a refusal only the server can make lands on its field; a failure
 * that is not the person's doing (a 5xx, no answer) reaches the app's error handler, once.
 */
import { Button, TextInput } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@common/constants';
import { userUpdateBodySchema } from '@common/api/user';
import { api } from '../../api/client';
import { refusal, serveApi } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import { FormError } from '../AuthPanel';
import { useContractForm } from './useContractForm';

const PUT = 'PUT /v2/user/u-1';
/** Where the app's error handler reports a failure (api/reporters.ts): what the error store receives. */
const REPORT = `POST ${API_PATHS.clientErrors}`;

function NameForm({ errorToast }: { errorToast?: string }) {
  const { form, formError, onSubmit } = useContractForm({
    schema: userUpdateBodySchema,
    initialValues: { name: '', roleType: '' },
    toBody: (v) => ({ name: v.name, profile: { roleType: v.roleType.trim() || null } }),
    fieldOf: (path) => path.replace(/^profile\./, ''),
    ...(errorToast ? { errorToast } : {}),
  });
  return (
    <form noValidate onSubmit={onSubmit((body) => api.put('/v2/user/u-1', body))} data-testid="name-form">
      <FormError testId="name-form-error" error={formError} />
      <TextInput label="Name" {...form.getInputProps('name')} data-testid="name" />
      <TextInput label="Role type" {...form.getInputProps('roleType')} data-testid="role-type" />
      <Button type="submit" loading={form.submitting} data-testid="save">
        Save
      </Button>
    </form>
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.submit(screen.getByTestId('name-form'));

describe('a form checked against its contract', () => {
  it('refuses a role type over the limit with the server’s sentence and sends nothing', async () => {
    const server = serveApi({ [PUT]: {} });
    renderPage(<NameForm />);
    type('name', 'Ann Lee');
    type('role-type', 'x'.repeat(81));
    submit();
    // The very words the server's "Invalid body.profile.roleType: Too big: …<=80 characters" reads as.
    expect(await screen.findByText('Role type must be at most 80 characters.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('refuses an empty name in the contract’s own words', async () => {
    const server = serveApi({ [PUT]: {} });
    renderPage(<NameForm />);
    type('name', '   ');
    submit();
    expect(await screen.findByText('Enter your name.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('sends what the contract takes, as its parsed body', async () => {
    const server = serveApi({ [PUT]: {} });
    renderPage(<NameForm />);
    type('name', '  Ann Lee ');
    type('role-type', 'x'.repeat(80));
    submit();
    await waitFor(() => expect(server.callsTo(PUT)).toHaveLength(1));
    expect(server.callsTo(PUT)[0]!.body).toEqual({ name: 'Ann Lee', profile: { roleType: 'x'.repeat(80) } });
  });

  it('puts a 400 of the server on the field it names, in the same sentence', async () => {
    serveApi({ [PUT]: refusal(400, 'Invalid body.profile.roleType: Too big: expected string to have <=80 characters') });
    renderPage(<NameForm />);
    type('name', 'Ann Lee');
    type('role-type', 'Portfolio manager');
    submit();
    expect(await screen.findByText('Role type must be at most 80 characters.')).toBeTruthy();
    expect(screen.getByTestId('role-type').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('name-form-error')).toBeNull();
  });

  it('shows a refusal that names no field on the form’s error line', async () => {
    serveApi({ [PUT]: refusal(409, 'Someone changed this profile; reload it.') });
    renderPage(<NameForm />);
    type('name', 'Ann Lee');
    submit();
    expect((await screen.findByTestId('name-form-error')).textContent).toBe('Someone changed this profile; reload it.');
  });

  it('clears a field’s refusal once the person types there again', async () => {
    serveApi({ [PUT]: {} });
    renderPage(<NameForm />);
    type('role-type', 'x'.repeat(81));
    submit();
    expect(await screen.findByText('Role type must be at most 80 characters.')).toBeTruthy();
    type('role-type', 'PM');
    expect(screen.queryByText('Role type must be at most 80 characters.')).toBeNull();
  });
});

describe('a submit that fails', () => {
  const serverFault = () => refusal(500, 'Internal server error (request req-7)');
  beforeEach(() => {
    // handleError logs what it reports; the report to the server is what these scenarios read.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => notifications.clean());
  });

  it('reports a 500 to the error store once, and says it on the error line', async () => {
    const server = serveApi({ [PUT]: serverFault(), [REPORT]: {} });
    renderPage(<NameForm />);
    type('name', 'Ann Lee');
    submit();
    expect((await screen.findByTestId('name-form-error')).textContent).toBe('Internal server error (request req-7)');
    await waitFor(() => expect(server.callsTo(REPORT)).toHaveLength(1));
    expect(server.callsTo(REPORT)[0]!.body).toMatchObject({ message: expect.stringMatching(/^Unexpected API response 500/) as unknown });
  });

  it('shows a 500 as the error toast a person reads, reported once, when the form says failures so', async () => {
    const server = serveApi({ [PUT]: serverFault(), [REPORT]: {} });
    renderPage(
      <>
        <Notifications />
        <NameForm errorToast="Could not save your profile:" />
      </>,
    );
    type('name', 'Ann Lee');
    submit();
    expect((await screen.findByTestId('error-toast-text')).textContent).toBe(
      'Could not save your profile: Internal server error (request req-7)',
    );
    expect(screen.queryByTestId('name-form-error')).toBeNull();
    await waitFor(() => expect(server.callsTo(REPORT)).toHaveLength(1));
  });

  it('reports a call that found no server, and tells the person to check the connection', async () => {
    const server = serveApi({
      [PUT]: () => {
        throw new TypeError('Failed to fetch');
      },
      [REPORT]: {},
    });
    renderPage(<NameForm />);
    type('name', 'Ann Lee');
    submit();
    expect((await screen.findByTestId('name-form-error')).textContent).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    await waitFor(() => expect(server.callsTo(REPORT)).toHaveLength(1));
    expect(server.callsTo(REPORT)[0]!.body).toMatchObject({ message: 'Failed to fetch' });
  });

  it('keeps a 400 naming a field on that field, and reports nothing', async () => {
    const server = serveApi({
      [PUT]: refusal(400, 'Invalid body.profile.roleType: Too big: expected string to have <=80 characters'),
      [REPORT]: {},
    });
    renderPage(
      <>
        <Notifications />
        <NameForm errorToast="Could not save your profile:" />
      </>,
    );
    type('name', 'Ann Lee');
    type('role-type', 'Portfolio manager');
    submit();
    expect(await screen.findByText('Role type must be at most 80 characters.')).toBeTruthy();
    expect(screen.getByTestId('role-type').getAttribute('aria-invalid')).toBe('true');
    // A report would have been sent before the field showed its sentence (handleError runs first).
    expect(server.callsTo(REPORT)).toHaveLength(0);
    expect(screen.queryByTestId('error-toast-text')).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("puts a 409 in the validator's form (a duplicate) on the field it names, without reporting it", async () => {
    const server = serveApi({ [PUT]: refusal(409, "Invalid body.profile.roleType: is already Bob Lee's: pick another"), [REPORT]: {} });
    renderPage(<NameForm />);
    type('name', 'Ann Lee');
    type('role-type', 'Head of desk');
    submit();
    expect(await screen.findByText("Role type is already Bob Lee's: pick another.")).toBeTruthy();
    expect(screen.getByTestId('role-type').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('name-form-error')).toBeNull();
    expect(server.callsTo(REPORT)).toHaveLength(0);
  });

  it('says a 409 on the error line without reporting it: the person can act on it', async () => {
    const server = serveApi({ [PUT]: refusal(409, 'Someone changed this profile; reload it.'), [REPORT]: {} });
    renderPage(<NameForm />);
    type('name', 'Ann Lee');
    submit();
    expect((await screen.findByTestId('name-form-error')).textContent).toBe('Someone changed this profile; reload it.');
    expect(server.callsTo(REPORT)).toHaveLength(0);
    expect(console.error).not.toHaveBeenCalled();
  });
});
