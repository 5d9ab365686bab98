/**
 * The "Single sign-on" section of an organization's page (decisions.md#single-sign-on §1), for an
 * Admin or a Manager of the organization (`sso:manage`; nothing for anyone else): issuer, client
 * id, client secret (write-only: the page shows only whether one is stored), email domains, the
 * just-in-time switch, the optional role claim and its value → role lines, the redirect URI to
 * register at the provider, a test button that fetches the discovery document, and save.
 */
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Role, type SsoRoleMapEntry, type SsoSettings } from '@practica/contract';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { ssoText } from '../../../config/sso-text';
import { useCan } from '../../../lib/can';
import { useSaveSsoSettings, useSsoSettings, useTestSsoConnection } from '../api/sso-settings';

const roleNames: Record<string, SsoRoleMapEntry['roleId']> = {
  trainee: Role.Trainee,
  instructor: Role.Instructor,
  manager: Role.Manager,
};
const nameOfRole = (id: number) => Object.keys(roleNames).find((k) => roleNames[k] === id) ?? '';

/** The form's fields as typed. */
interface Fields {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  jitEnabled: boolean;
  roleClaim: string;
  roleMap: string;
}

function fieldsOf(s: SsoSettings | null): Fields {
  return {
    issuer: s?.issuer ?? '',
    clientId: s?.clientId ?? '',
    clientSecret: '',
    domains: s?.emailDomains.join(', ') ?? '',
    jitEnabled: s?.jitEnabled ?? false,
    roleClaim: s?.roleClaim ?? '',
    roleMap: s?.roleMap.map((e) => `${e.value}=${nameOfRole(e.roleId)}`).join('\n') ?? '',
  };
}

/** The value=role lines as mapping rows (unknown roles are left out). */
function roleMapOf(text: string): SsoRoleMapEntry[] {
  return text
    .split('\n')
    .map((line) => line.split('='))
    .filter(([value, role]) => value?.trim() && roleNames[role?.trim().toLowerCase() ?? ''])
    .map(([value, role]) => ({
      value: value!.trim(),
      roleId: roleNames[role!.trim().toLowerCase()]!,
    }));
}

/** The section, or nothing for a caller who may not manage the organization's sign-on. */
export function SsoSection({ organizationId }: { organizationId: number }) {
  const may = useCan('sso:manage', { organizationId });
  return may ? <SsoSettingsForm organizationId={organizationId} /> : null;
}

function SsoSettingsForm({ organizationId }: { organizationId: number }) {
  const query = useSsoSettings(organizationId);
  const save = useSaveSsoSettings(organizationId);
  const test = useTestSsoConnection(organizationId);
  const [fields, setFields] = useState<Fields>(fieldsOf(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const settings = query.data?.settings ?? null;
  useEffect(() => {
    if (query.data) setFields(fieldsOf(query.data.settings));
  }, [query.data]);

  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  const onSave = () => {
    setErrors({});
    save.mutate(
      {
        issuer: fields.issuer,
        clientId: fields.clientId,
        ...(fields.clientSecret ? { clientSecret: fields.clientSecret } : {}),
        emailDomains: fields.domains
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter(Boolean),
        jitEnabled: fields.jitEnabled,
        roleClaim: fields.roleClaim.trim() || null,
        roleMap: roleMapOf(fields.roleMap),
      },
      {
        onSuccess: () => {
          set({ clientSecret: '' });
          toast.success(ssoText.saved);
        },
        onError: (error) => {
          const fieldErrors = isApiError(error) ? error.fieldErrors() : {};
          setErrors(fieldErrors);
          if (Object.keys(fieldErrors).length === 0)
            toast.error(isApiError(error) && error.fromServer ? error.message : ssoText.saveFailed);
        },
      },
    );
  };

  return (
    <Paper p="lg" component="section" aria-labelledby="sso-title">
      <Stack gap="md">
        <Title order={2} id="sso-title">
          {ssoText.title}
        </Title>
        <Text size="sm" c="dimmed">
          {ssoText.intro}
        </Text>
        {query.isError ? (
          <Text c="red" size="sm" role="alert">
            {ssoText.loadFailed}
          </Text>
        ) : (
          <>
            <TextInput
              label={ssoText.issuer}
              description={ssoText.issuerHint}
              value={fields.issuer}
              onChange={(e) => set({ issuer: e.currentTarget.value })}
              error={errors.issuer}
              disabled={query.isPending}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={ssoText.clientId}
                value={fields.clientId}
                onChange={(e) => set({ clientId: e.currentTarget.value })}
                error={errors.clientId}
              />
              <PasswordInput
                label={ssoText.clientSecret}
                description={settings?.clientSecretSet ? ssoText.secretSet : ssoText.secretUnset}
                value={fields.clientSecret}
                onChange={(e) => set({ clientSecret: e.currentTarget.value })}
                error={errors.clientSecret}
                autoComplete="new-password"
              />
            </SimpleGrid>
            <TextInput
              label={ssoText.domains}
              description={ssoText.domainsHint}
              value={fields.domains}
              onChange={(e) => set({ domains: e.currentTarget.value })}
              error={Object.entries(errors).find(([k]) => k.startsWith('emailDomains'))?.[1]}
            />
            <Switch
              label={ssoText.jit}
              description={ssoText.jitHint}
              checked={fields.jitEnabled}
              onChange={(e) => set({ jitEnabled: e.currentTarget.checked })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={ssoText.roleClaim}
                description={ssoText.roleClaimHint}
                value={fields.roleClaim}
                onChange={(e) => set({ roleClaim: e.currentTarget.value })}
              />
              <Textarea
                label={ssoText.roleMap}
                description={ssoText.roleMapHint}
                value={fields.roleMap}
                onChange={(e) => set({ roleMap: e.currentTarget.value })}
                autosize
                minRows={2}
              />
            </SimpleGrid>
            {query.data && (
              <Text size="sm">
                {ssoText.redirectUri}:{' '}
                <Code style={{ wordBreak: 'break-all' }}>{query.data.redirectUri}</Code>
              </Text>
            )}
            {test.isSuccess && (
              <Alert color="teal" variant="light">
                {ssoText.testOk(test.data.issuer)}
              </Alert>
            )}
            {test.isError && (
              <Alert color="red" variant="light" role="alert">
                {isApiError(test.error) ? test.error.message : ssoText.saveFailed}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                leftSection={<IconPlugConnected size={16} />}
                loading={test.isPending}
                disabled={!fields.issuer}
                onClick={() => test.mutate(fields.issuer)}
              >
                {ssoText.test}
              </Button>
              <Button loading={save.isPending} onClick={onSave}>
                {ssoText.save}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
