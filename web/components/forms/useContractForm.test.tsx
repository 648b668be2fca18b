/**
 * A form on the hook, as a person uses it, against the profile contract (PUT /v2/user/{id}): what
 * the contract refuses never leaves the browser and reads as the server's 400 would; what it takes
 * is sent as the contract's body; a refusal only the server can make lands on its field.
 */
import { Button, TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userUpdateBodySchema } from '@common/api/user';
import { api } from '../../api/client';
import { refusal, serveApi } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import { FormError } from '../AuthPanel';
import { useContractForm } from './useContractForm';

const PUT = 'PUT /v2/user/u-1';

function NameForm() {
  const { form, formError, onSubmit } = useContractForm({
    schema: userUpdateBodySchema,
    initialValues: { name: '', roleType: '' },
    toBody: (v) => ({ name: v.name, profile: { roleType: v.roleType.trim() || null } }),
    fieldOf: (path) => path.replace(/^profile\./, ''),
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
