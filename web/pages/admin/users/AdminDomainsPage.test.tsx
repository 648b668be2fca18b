import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, organizationListSchema, organizationSchema } from '@common/api/admin';
import { ADMIN_DOMAIN_PATHS, type AdminDomain, adminDomainListSchema, adminDomainSchema } from '@common/api/adminDomains';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { fieldError } from '../../../test/fieldError';
import { renderPage } from '../../../test/renderPage';
import AdminDomainsPage from './AdminDomainsPage';

const organization = (id: string, name: string) =>
  shaped(organizationSchema, {
    id,
    token: `org-${id}`,
    name,
    type: null,
    domains: [],
    subscribed: false,
    userCount: 0,
    created: '2026-01-01T00:00:00.000Z',
  });
const acmeDomain: AdminDomain = {
  domain: 'acme.com',
  organization: { id: 'o-1', name: 'Acme Capital' },
  employee: false,
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const DOMAINS = `GET ${ADMIN_DOMAIN_PATHS.domains}`;
const ADD = `POST ${ADMIN_DOMAIN_PATHS.domains}`;
let domains: AdminDomain[];
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  domains = [acmeDomain];
  server = serveApi({
    [DOMAINS]: () => shaped(adminDomainListSchema, { domains, configuredEmployeeDomains: ['bondwise.dev'] }),
    [`GET ${ADMIN_PATHS.adminOrganizations}`]: shaped(organizationListSchema, {
      organizations: [organization('o-1', 'Acme Capital'), organization('o-2', 'Bolt Partners')],
    }),
  });
});
const list = () => screen.getByTestId('domain-list');
const fillIn = async (domain: string, organization: string) => {
  await within(list()).findByText('acme.com');
  fireEvent.change(screen.getByTestId('domain-name'), { target: { value: domain } });
  fireEvent.click(screen.getByTestId('domain-organization'));
  fireEvent.click(await screen.findByRole('option', { name: organization }));
};

describe('admin e-mail domains', () => {
  it("shows each domain's organisation and the configured employee domains", async () => {
    renderPage(<AdminDomainsPage />);
    expect(await within(list()).findByText('acme.com')).toBeTruthy();
    expect(screen.getByText(/EMPLOYEE_EMAIL_DOMAINS\): bondwise\.dev$/)).toBeTruthy();
    expect((within(list()).getByLabelText('People on acme.com are employees') as HTMLInputElement).checked).toBe(false);
  });

  it('adding a domain for an organisation sends it, and the list read again shows it', async () => {
    server.answer(ADD, () => {
      const added = shaped(adminDomainSchema, { ...acmeDomain, domain: 'bolt.io', organization: { id: 'o-2', name: 'Bolt Partners' } });
      domains = [...domains, added];
      return new Response(JSON.stringify(added), { status: 201, headers: { 'Content-Type': 'application/json' } });
    });
    renderPage(<AdminDomainsPage />);
    await within(list()).findByText('acme.com');
    fireEvent.change(screen.getByTestId('domain-name'), { target: { value: 'bolt.io' } });
    fireEvent.click(screen.getByTestId('domain-organization'));
    fireEvent.click(await screen.findByRole('option', { name: 'Bolt Partners' }));
    fireEvent.click(screen.getByTestId('domain-add'));
    expect(await within(list()).findByText('bolt.io')).toBeTruthy();
    expect(server.callsTo(ADD).map((c) => c.body)).toEqual([{ domain: 'bolt.io', organizationId: 'o-2', employee: false }]);
    await waitFor(() => expect((screen.getByTestId('domain-name') as HTMLInputElement).value).toBe(''));
  });

  it('a domain another organisation holds is refused under the domain, and the typed domain kept', async () => {
    // As server/services/accounts/domains.ts refuses it.
    server.answer(ADD, refusal(409, 'Invalid body.domain: already belongs to Acme Capital (acme.com)'));
    renderPage(<AdminDomainsPage />);
    await within(list()).findByText('acme.com');
    fireEvent.change(screen.getByTestId('domain-name'), { target: { value: 'acme.com' } });
    fireEvent.click(screen.getByTestId('domain-organization'));
    fireEvent.click(await screen.findByRole('option', { name: 'Bolt Partners' }));
    fireEvent.click(screen.getByTestId('domain-add'));
    // A duplicate's 409 in the validator's form lands on the field it names.
    expect(await screen.findByText('Domain already belongs to Acme Capital (acme.com).')).toBeTruthy();
    expect(screen.getByTestId('domain-name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('domain-error')).toBeNull();
    expect((screen.getByTestId('domain-name') as HTMLInputElement).value).toBe('acme.com');
  });

  it('marking a domain as employees sends the change with the time it was read', async () => {
    const UPDATE = `PUT ${ADMIN_DOMAIN_PATHS.domain({ domain: 'acme.com' })}`;
    server.answer(UPDATE, () => {
      domains = [{ ...acmeDomain, employee: true, updatedAt: '2026-11-29T10:00:00.000Z' }];
      return shaped(adminDomainSchema, domains[0]!);
    });
    renderPage(<AdminDomainsPage />);
    fireEvent.click(await within(list()).findByLabelText('People on acme.com are employees'));
    await waitFor(() => expect((within(list()).getByLabelText('People on acme.com are employees') as HTMLInputElement).checked).toBe(true));
    expect(server.callsTo(UPDATE).map((c) => c.body)).toEqual([{ updatedAt: '2026-11-01T10:00:00.000Z', employee: true }]);
  });

  it("a domain the contract refuses is refused under it, in the server's sentence, and nothing is sent", async () => {
    renderPage(<AdminDomainsPage />);
    await fillIn('bolt', 'Bolt Partners');
    fireEvent.click(screen.getByTestId('domain-add'));
    await waitFor(() => expect(fieldError(screen.getByTestId('domain-name'))).toBe('Enter a domain like example.com.'));
    expect(server.callsTo(ADD)).toEqual([]);
    expect(screen.queryByTestId('domain-error')).toBeNull();
  });

  it('an employee domain sends exactly the domain as typed, the organisation and the tick', async () => {
    server.answer(ADD, () => shaped(adminDomainSchema, { ...acmeDomain, domain: 'bolt.io', employee: true }));
    renderPage(<AdminDomainsPage />);
    await fillIn(' Bolt.IO', 'Bolt Partners');
    fireEvent.click(screen.getByLabelText('Employees'));
    fireEvent.click(screen.getByTestId('domain-add'));
    await waitFor(() =>
      expect(server.callsTo(ADD).map((c) => c.body)).toEqual([{ domain: ' Bolt.IO', organizationId: 'o-2', employee: true }]),
    );
  });

  it("the server's 400 naming the domain shows under it, not on the page's error line", async () => {
    server.answer(ADD, refusal(400, 'Invalid body.domain: Enter a domain like example.com'));
    renderPage(<AdminDomainsPage />);
    await fillIn('bolt.io', 'Bolt Partners');
    fireEvent.click(screen.getByTestId('domain-add'));
    await waitFor(() => expect(fieldError(screen.getByTestId('domain-name'))).toBe('Enter a domain like example.com.'));
    expect(server.callsTo(ADD)).toHaveLength(1);
    expect(screen.queryByTestId('domain-error')).toBeNull();
    expect((screen.getByTestId('domain-name') as HTMLInputElement).value).toBe('bolt.io');
  });
});
