/**
 * The "Single sign-on" section of an organization's page (decisions.md#single-sign-on §1, §6),
 * for an Admin or a Manager of the organization (`sso:manage`; nothing for anyone else): the
 * protocol (OpenID Connect or SAML 2.0); for OpenID Connect the issuer, client id, client secret
 * (write-only: the page shows only whether one is stored), the redirect URI to register at the
 * provider and a test button that fetches the discovery document; for SAML the identity
 * provider's entity id, single sign-on URL, signing certificates and attribute names, and our
 * entity id, ACS URL and metadata URL to copy into it; for both the email domains, the
 * just-in-time switch, the optional role claim (attribute) and its value → role lines, and save.
 */
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  Role,
  type SsoProtocol,
  type SsoRoleMapEntry,
  type SsoSettings,
  type SsoSettingsBody,
} from '@practica/contract';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { ssoText } from '../../../config/sso-text';
import { useCan } from '../../../lib/can';
import { useSaveSsoSettings, useSsoSettings, useTestSsoConnection } from '../api/sso-settings';
import { SamlFields, SamlProviderValues, certificatesOf } from './saml-fields';

const roleNames: Record<string, SsoRoleMapEntry['roleId']> = {
  trainee: Role.Trainee,
  instructor: Role.Instructor,
  manager: Role.Manager,
};
const nameOfRole = (id: number) => Object.keys(roleNames).find((k) => roleNames[k] === id) ?? '';

/** The form's fields as typed. */
export interface Fields {
  protocol: SsoProtocol;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  jitEnabled: boolean;
  roleClaim: string;
  roleMap: string;
  samlIdpEntityId: string;
  samlSsoUrl: string;
  /** The PEM certificates, one after the other. */
  samlCertificates: string;
  samlEmail: string;
  samlFirstName: string;
  samlLastName: string;
}

function fieldsOf(s: SsoSettings | null): Fields {
  return {
    protocol: s?.protocol ?? 'oidc',
    issuer: s?.issuer ?? '',
    clientId: s?.clientId ?? '',
    clientSecret: '',
    domains: s?.emailDomains.join(', ') ?? '',
    jitEnabled: s?.jitEnabled ?? false,
    roleClaim: s?.roleClaim ?? '',
    roleMap: s?.roleMap.map((e) => `${e.value}=${nameOfRole(e.roleId)}`).join('\n') ?? '',
    samlIdpEntityId: s?.samlIdpEntityId ?? '',
    samlSsoUrl: s?.samlSsoUrl ?? '',
    samlCertificates: s?.samlCertificates.join('\n') ?? '',
    samlEmail: s?.samlAttributes.email ?? '',
    samlFirstName: s?.samlAttributes.firstName ?? '',
    samlLastName: s?.samlAttributes.lastName ?? '',
  };
}

/** The PUT body of the chosen protocol's fields and the shared ones. */
function bodyOf(fields: Fields): SsoSettingsBody {
  const shared = {
    emailDomains: fields.domains
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean),
    jitEnabled: fields.jitEnabled,
    roleClaim: fields.roleClaim.trim() || null,
    roleMap: roleMapOf(fields.roleMap),
  };
  if (fields.protocol === 'saml')
    return {
      protocol: 'saml',
      samlIdpEntityId: fields.samlIdpEntityId,
      samlSsoUrl: fields.samlSsoUrl,
      samlCertificates: certificatesOf(fields.samlCertificates),
      samlAttributes: {
        email: fields.samlEmail,
        firstName: fields.samlFirstName,
        lastName: fields.samlLastName,
      },
      ...shared,
    };
  return {
    protocol: 'oidc',
    issuer: fields.issuer,
    clientId: fields.clientId,
    ...(fields.clientSecret ? { clientSecret: fields.clientSecret } : {}),
    ...shared,
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
    save.mutate(bodyOf(fields), {
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
    });
  };
  const saml = fields.protocol === 'saml';

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
            <Stack gap={4}>
              <Text size="sm" fw={500} id="sso-protocol">
                {ssoText.protocol}
              </Text>
              <SegmentedControl
                aria-labelledby="sso-protocol"
                value={fields.protocol}
                onChange={(value) => set({ protocol: value as SsoProtocol })}
                data={[
                  { value: 'oidc', label: ssoText.oidc },
                  { value: 'saml', label: ssoText.saml },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
            </Stack>
            {saml ? (
              <SamlFields fields={fields} set={set} errors={errors} disabled={query.isPending} />
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
                    description={
                      settings?.clientSecretSet ? ssoText.secretSet : ssoText.secretUnset
                    }
                    value={fields.clientSecret}
                    onChange={(e) => set({ clientSecret: e.currentTarget.value })}
                    error={errors.clientSecret}
                    autoComplete="new-password"
                  />
                </SimpleGrid>
              </>
            )}
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
                label={saml ? ssoText.roleAttribute : ssoText.roleClaim}
                description={saml ? ssoText.roleAttributeHint : ssoText.roleClaimHint}
                value={fields.roleClaim}
                onChange={(e) => set({ roleClaim: e.currentTarget.value })}
              />
              <Textarea
                label={saml ? ssoText.roleMapSaml : ssoText.roleMap}
                description={ssoText.roleMapHint}
                value={fields.roleMap}
                onChange={(e) => set({ roleMap: e.currentTarget.value })}
                autosize
                minRows={2}
              />
            </SimpleGrid>
            {query.data && saml && <SamlProviderValues values={query.data.samlServiceProvider} />}
            {query.data && !saml && (
              <Text size="sm">
                {ssoText.redirectUri}:{' '}
                <Code style={{ wordBreak: 'break-all' }}>{query.data.redirectUri}</Code>
              </Text>
            )}
            {!saml && test.isSuccess && (
              <Alert color="teal" variant="light">
                {ssoText.testOk(test.data.issuer)}
              </Alert>
            )}
            {!saml && test.isError && (
              <Alert color="red" variant="light" role="alert">
                {isApiError(test.error) ? test.error.message : ssoText.saveFailed}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              {!saml && (
                <Button
                  variant="default"
                  leftSection={<IconPlugConnected size={16} />}
                  loading={test.isPending}
                  disabled={!fields.issuer}
                  onClick={() => test.mutate(fields.issuer)}
                >
                  {ssoText.test}
                </Button>
              )}
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
