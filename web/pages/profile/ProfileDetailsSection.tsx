/** Name and §3 profile fields (role type/function, job function, seniority, organisation type, sectors). */
import { Button, Group, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { SECTOR_MAX, userUpdateBodySchema, type Profile, type UserInfo, type UserUpdateBody } from '@common/api/user';
import { JOB_FUNCTIONS, ORGANIZATION_TYPES, SENIORITIES } from '@common/enums';
import { setUserInfo } from '../../session/userInfo';
import { useContractForm } from '../../components/forms/useContractForm';
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
  // The form puts a refusal on the field it names, so the call reaches it as thrown.
  const save = async (body: UserUpdateBody) => {
    const updated = await profileApi.updateUser(info.id, body);
    setUserInfo(queryClient, updated);
    notifications.show({ color: 'teal', message: 'Profile saved', autoClose: 2500, 'data-testid': 'profile-saved' });
  };
  const { form, onSubmit } = useContractForm({
    schema: userUpdateBodySchema,
    initialValues: toForm(info),
    toBody: toUpdateBody,
    // "profile.sectors.3" is refused on the sectors field, "profile.roleType" on the role type.
    fieldOf: (path) => path.replace(/^profile\.([^.]+).*$/, '$1'),
    errorToast: 'Could not save your profile:',
  });
  return (
    <Section title="Profile" description={`Signed in as ${info.email}`} testId="profile-details">
      <form onSubmit={onSubmit(save)} noValidate data-testid="profile-form">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} data-testid="profile-name" />
          <Select
            label="Organisation type"
            data={enumOptions(ORGANIZATION_TYPES)}
            {...form.getInputProps('organizationType')}
            clearable
            data-testid="profile-organization-type"
          />
          <TextInput
            label="Role type"
            placeholder="e.g. Portfolio manager"
            maxLength={80}
            {...form.getInputProps('roleType')}
            data-testid="profile-role-type"
          />
          <TextInput
            label="Role function"
            placeholder="e.g. IG credit"
            maxLength={80}
            {...form.getInputProps('roleFunction')}
            data-testid="profile-role-function"
          />
          <Select
            label="Job function"
            data={enumOptions(JOB_FUNCTIONS)}
            {...form.getInputProps('jobFunction')}
            searchable
            clearable
            data-testid="profile-job-function"
          />
          <Select
            label="Seniority"
            data={enumOptions(SENIORITIES)}
            {...form.getInputProps('seniority')}
            searchable
            clearable
            data-testid="profile-seniority"
          />
        </SimpleGrid>
        <TagsInput
          mt="xs"
          label="Sectors"
          description={`Sectors you cover (up to ${SECTOR_MAX}); Enter adds one`}
          maxTags={SECTOR_MAX}
          {...form.getInputProps('sectors')}
          data-testid="profile-sectors"
        />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={form.submitting} data-testid="profile-save">
            Save profile
          </Button>
        </Group>
      </form>
    </Section>
  );
}
