import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PATHS,
  type AdminFeatureList,
  adminFeatureListSchema,
  type Organization,
  organizationListSchema,
  organizationSchema,
} from '@common/api/admin';
import { ADMIN_USER_PATHS, userListPageSchema } from '@common/api/adminUsers';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { fieldError } from '../../test/fieldError';
import { renderPage } from '../../test/renderPage';
import AdminOrganizationsPage from './AdminOrganizationsPage';

const acme: Organization = shaped(organizationSchema, {
  id: 'o-1',
  token: 'org-acme',
  name: 'Acme Capital',
  type: 'buyside',
  domains: ['acme.com', 'acme.co.uk'],
  subscribed: true,
  userCount: 1,
  created: '2026-02-01T10:00:00.000Z',
});
const features = (acmeBlog: 0 | 1 | 2 | null): AdminFeatureList =>
  shaped(adminFeatureListSchema, {
    features: [
      {
        name: 'blog',
        globalLevel: 0,
        organizations: acmeBlog === null ? [] : [{ organizationId: 'o-1', organizationName: 'Acme Capital', level: acmeBlog }],
        users: [],
      },
    ],
  });

const ORGS = ADMIN_PATHS.adminOrganizations;
const FEATURES = `GET ${ADMIN_PATHS.adminFeatures}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [`GET ${ORGS}`]: shaped(organizationListSchema, { organizations: [acme] }),
    [`GET ${ADMIN_USER_PATHS.users}`]: shaped(userListPageSchema, {
      users: [
        {
          id: 'u-1',
          email: 'ann@acme.com',
          name: 'Ann Lee',
          role: 'user',
          status: 'active',
          organization: { id: 'o-1', name: 'Acme Capital' },
          trial: { state: null, startedAt: null, endsAt: null, extendedUntil: null, daysLeft: null },
          created: '2026-02-02T10:00:00.000Z',
          lastLoginAt: null,
          version: 1,
        },
      ],
      total: 1,
      page: 0,
    }),
    [FEATURES]: features(null),
  });
});

describe('admin organisations and their features', () => {
  it('lists each organisation with its domains, subscription and members', async () => {
    renderPage(<AdminOrganizationsPage />);
    const row = await screen.findByTestId('organization-Acme Capital');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Acme Capital', 'buyside', 'acme.com, acme.co.uk', 'yes', '1']);
  });

  it('editing an organisation puts its fields across its row; Save sends them and the row comes back', async () => {
    const SAVE = `PUT ${ADMIN_PATHS.adminOrganization({ id: 'o-1' })}`;
    const renamed = shaped(organizationSchema, { ...acme, name: 'Acme Capital Partners', domains: ['acme.com'] });
    server.answer(SAVE, () => {
      server.answer(`GET ${ORGS}`, shaped(organizationListSchema, { organizations: [renamed] }));
      return renamed;
    });
    renderPage(<AdminOrganizationsPage />);
    fireEvent.click(within(await screen.findByTestId('organization-Acme Capital')).getByRole('button', { name: 'Edit' }));
    const editing = screen.getByTestId('organization-save').closest('tr')!;
    expect(screen.queryByTestId('organization-Acme Capital')).toBeNull();
    expect(within(editing).getByRole('cell').getAttribute('colspan')).toBe('7');
    fireEvent.change(within(editing).getByLabelText('Name'), { target: { value: 'Acme Capital Partners' } });
    fireEvent.change(within(editing).getByLabelText('E-mail domains'), { target: { value: 'acme.com' } });
    fireEvent.click(within(editing).getByTestId('organization-save'));
    const row = await screen.findByTestId('organization-Acme Capital Partners');
    expect(within(row).getAllByRole('cell')[2]?.textContent).toBe('acme.com');
    expect(server.callsTo(SAVE).map((c) => c.body)).toEqual([
      { name: 'Acme Capital Partners', type: 'buyside', domains: ['acme.com'], subscribed: true },
    ]);
  });

  it('adding an organisation sends its domains as a list; a domain another holds is refused with the reason', async () => {
    server.answer(`POST ${ORGS}`, refusal(409, 'acme.com already belongs to Acme Capital.'));
    renderPage(<AdminOrganizationsPage />);
    await screen.findByTestId('organization-Acme Capital');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme Europe' } });
    fireEvent.change(screen.getByLabelText('E-mail domains'), { target: { value: 'acme.eu,  acme.com' } });
    fireEvent.click(screen.getByTestId('organization-create'));
    expect((await screen.findByTestId('organization-error')).textContent).toMatch(/acme\.com already belongs to Acme Capital/);
    expect(server.callsTo(`POST ${ORGS}`).map((c) => c.body)).toEqual([
      { name: 'Acme Europe', type: null, domains: ['acme.eu', 'acme.com'], subscribed: false },
    ]);
  });

  it("a domain the contract refuses is refused under the domains, in the server's sentence, and nothing is sent", async () => {
    renderPage(<AdminOrganizationsPage />);
    await screen.findByTestId('organization-Acme Capital');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bolt Partners' } });
    fireEvent.change(screen.getByLabelText('E-mail domains'), { target: { value: 'bolt.io, bolt' } });
    fireEvent.click(screen.getByTestId('organization-create'));
    await waitFor(() => expect(fieldError(screen.getByLabelText('E-mail domains'))).toBe('Enter a domain like example.com.'));
    expect(server.callsTo(`POST ${ORGS}`)).toEqual([]);
    expect(screen.queryByTestId('organization-error')).toBeNull();
  });

  it('an edited name the contract refuses is refused under it, and nothing is sent', async () => {
    const SAVE = `PUT ${ADMIN_PATHS.adminOrganization({ id: 'o-1' })}`;
    renderPage(<AdminOrganizationsPage />);
    fireEvent.click(within(await screen.findByTestId('organization-Acme Capital')).getByRole('button', { name: 'Edit' }));
    const editing = screen.getByTestId('organization-save').closest('tr')!;
    fireEvent.change(within(editing).getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(within(editing).getByTestId('organization-save'));
    await waitFor(() => expect(fieldError(within(editing).getByLabelText('Name'))).toBe('Name is required.'));
    expect(server.callsTo(SAVE)).toEqual([]);
  });

  it("the server's 400 naming a domain shows under the domains, not on the page's error line", async () => {
    server.answer(`POST ${ORGS}`, refusal(400, 'Invalid body.domains.0: Enter a domain like example.com'));
    renderPage(<AdminOrganizationsPage />);
    await screen.findByTestId('organization-Acme Capital');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bolt Partners' } });
    fireEvent.change(screen.getByLabelText('E-mail domains'), { target: { value: 'bolt.io' } });
    fireEvent.click(screen.getByTestId('organization-create'));
    await waitFor(() => expect(fieldError(screen.getByLabelText('E-mail domains'))).toBe('Enter a domain like example.com.'));
    expect(server.callsTo(`POST ${ORGS}`).map((c) => c.body)).toEqual([
      { name: 'Bolt Partners', type: null, domains: ['bolt.io'], subscribed: false },
    ]);
    expect(screen.queryByTestId('organization-error')).toBeNull();
  });

  it("turning a feature on for one organisation sends its level, and the page shows the organisation's own level", async () => {
    const SET = `PUT ${ADMIN_PATHS.adminFeatureOrganization({ name: 'blog', organizationId: 'o-1' })}`;
    // The server answers with the whole list; the page reads it again anyway.
    server.answer(SET, () => {
      server.answer(FEATURES, features(2));
      return features(2);
    });
    renderPage(<AdminOrganizationsPage />);
    fireEvent.click(within(await screen.findByTestId('organization-Acme Capital')).getByTestId('organization-open'));
    const detail = await screen.findByTestId('organization-detail');
    expect(await within(detail).findByText('ann@acme.com')).toBeTruthy();
    expect(within(detail).getByText('never signed in')).toBeTruthy();
    const blog = await within(detail).findByTestId('organization-feature-blog');
    expect((blog as HTMLInputElement).value).toBe('as global');
    fireEvent.click(blog);
    fireEvent.click(await screen.findByRole('option', { name: '2 everywhere' }));
    await waitFor(() => expect((within(detail).getByTestId('organization-feature-blog') as HTMLInputElement).value).toBe('2 everywhere'));
    expect(server.callsTo(SET).map((c) => c.body)).toEqual([{ level: 2 }]);
  });
});
