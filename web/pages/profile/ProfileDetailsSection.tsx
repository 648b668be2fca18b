/** Name and §3 profile fields (role type/function, job function, seniority, organisation type, sectors). */
import { Button, Group, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SECTOR_MAX, userUpdateBodySchema, type Profile, type UserInfo, type UserUpdateBody } from '@common/api/user';
import { JOB_FUNCTIONS, ORGANIZATION_TYPES, SENIORITIES } from '@common/enums';
import { handleError } from '../../api/errors';
import { setUserInfo } from '../../session/userInfo';
import { validate } from '../../components/AuthPanel';
import { enumOptions } from './labels';
import { profileApi } from './profileApi';
import { Section } from './Section';

type Form = {
  name: string;
  roleType: string;
  roleFunction: string;
  jobFunction: string | null;
  seniority: string | null;
  organizationType: string | null;
  sectors: string[];
};

function toForm(info: UserInfo): Form {
  const p = info.profile;
  return {
    name: info.name ?? '',
    roleType: p.roleType ?? '',
    roleFunction: p.roleFunction ?? '',
    jobFunction: p.jobFunction,
    seniority: p.seniority,
    organizationType: p.organizationType,
    sectors: p.sectors,
  };
}

/** The PUT body: empty texts become null (unset). */
export function toUpdateBody(form: Form): UserUpdateBody {
  const text = (v: string) => (v.trim() ? v.trim() : null);
  return {
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    profile: {
      roleType: text(form.roleType),
      roleFunction: text(form.roleFunction),
      // Select options come from the same enums, so the strings are valid members.
      jobFunction: form.jobFunction as Profile['jobFunction'],
      seniority: form.seniority as Profile['seniority'],
      organizationType: form.organizationType as Profile['organizationType'],
      sectors: form.sectors,
    },
  };
}

export function ProfileDetailsSection({ info }: { info: UserInfo }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => toForm(info));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: (body: UserUpdateBody) => profileApi.updateUser(info.id, body),
    onSuccess: (updated) => {
      setUserInfo(queryClient, updated);
      notifications.show({ color: 'teal', message: 'Profile saved', autoClose: 2500, 'data-testid': 'profile-saved' });
    },
    onError: (error) => handleError(error, { notifier: notifications.show, prefix: 'Could not save your profile:' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(userUpdateBodySchema, toUpdateBody(form));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.data);
  };
  return (
    <Section title="Profile" description={`Signed in as ${info.email}`} testId="profile-details">
      <form onSubmit={submit} noValidate data-testid="profile-form">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Name"
            autoComplete="name"
            value={form.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            data-testid="profile-name"
          />
          <Select
            label="Organisation type"
            data={enumOptions(ORGANIZATION_TYPES)}
            value={form.organizationType}
            onChange={(v) => set('organizationType', v)}
            clearable
            data-testid="profile-organization-type"
          />
          <TextInput
            label="Role type"
            placeholder="e.g. Portfolio manager"
            maxLength={80}
            value={form.roleType}
            onChange={(e) => set('roleType', e.currentTarget.value)}
            data-testid="profile-role-type"
          />
          <TextInput
            label="Role function"
            placeholder="e.g. IG credit"
            maxLength={80}
            value={form.roleFunction}
            onChange={(e) => set('roleFunction', e.currentTarget.value)}
            data-testid="profile-role-function"
          />
          <Select
            label="Job function"
            data={enumOptions(JOB_FUNCTIONS)}
            value={form.jobFunction}
            searchable
            clearable
            onChange={(v) => set('jobFunction', v)}
            data-testid="profile-job-function"
          />
          <Select
            label="Seniority"
            data={enumOptions(SENIORITIES)}
            value={form.seniority}
            searchable
            clearable
            onChange={(v) => set('seniority', v)}
            data-testid="profile-seniority"
          />
        </SimpleGrid>
        <TagsInput
          mt="xs"
          label="Sectors"
          description={`Sectors you cover (up to ${SECTOR_MAX}); Enter adds one`}
          maxTags={SECTOR_MAX}
          value={form.sectors}
          onChange={(v) => set('sectors', v)}
          error={errors.profile}
          data-testid="profile-sectors"
        />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={save.isPending} data-testid="profile-save">
            Save profile
          </Button>
        </Group>
      </form>
    </Section>
  );
}
