/**
 * The SAML 2.0 parts of the "Single sign-on" section (decisions.md#single-sign-on §6): the
 * identity provider's entity id, single sign-on URL, signing certificates (PEM, several for a
 * rollover) and attribute names; and our service provider's entity id, ACS URL and metadata URL,
 * each with a copy button, to enter at the identity provider.
 */
import {
  ActionIcon,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { SamlServiceProvider } from '@practica/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ssoText } from '../../../config/sso-text';
import type { Fields } from './sso-section';

/** The PEM blocks of `text` (pasted one after another), each trimmed. */
export function certificatesOf(text: string): string[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g);
  if (blocks) return blocks.map((b) => b.trim());
  return text.trim() ? [text.trim()] : [];
}

/** The field error of `name` or of one of its items ('samlCertificates.0'). */
const errorOf = (errors: Record<string, string>, name: string) =>
  Object.entries(errors).find(([k]) => k === name || k.startsWith(`${name}.`))?.[1];

/** The identity provider's fields of the form. */
export function SamlFields({
  fields,
  set,
  errors,
  disabled,
}: {
  fields: Fields;
  set: (patch: Partial<Fields>) => void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={ssoText.samlEntityId}
          description={ssoText.samlEntityIdHint}
          value={fields.samlIdpEntityId}
          onChange={(e) => set({ samlIdpEntityId: e.currentTarget.value })}
          error={errors.samlIdpEntityId}
          disabled={disabled}
        />
        <TextInput
          label={ssoText.samlSsoUrl}
          description={ssoText.samlSsoUrlHint}
          value={fields.samlSsoUrl}
          onChange={(e) => set({ samlSsoUrl: e.currentTarget.value })}
          error={errors.samlSsoUrl}
          disabled={disabled}
        />
      </SimpleGrid>
      <Textarea
        label={ssoText.samlCertificates}
        description={ssoText.samlCertificatesHint}
        value={fields.samlCertificates}
        onChange={(e) => set({ samlCertificates: e.currentTarget.value })}
        error={errorOf(errors, 'samlCertificates')}
        autosize
        minRows={3}
        maxRows={10}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        spellCheck={false}
        disabled={disabled}
      />
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" size="sm" fw={500}>
          {ssoText.samlAttributes}
        </Text>
        <Text size="xs" c="dimmed" mb={6}>
          {ssoText.samlEmailHint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label={ssoText.samlEmail}
            value={fields.samlEmail}
            onChange={(e) => set({ samlEmail: e.currentTarget.value })}
            error={errorOf(errors, 'samlAttributes.email')}
          />
          <TextInput
            label={ssoText.samlFirstName}
            value={fields.samlFirstName}
            onChange={(e) => set({ samlFirstName: e.currentTarget.value })}
            error={errorOf(errors, 'samlAttributes.firstName')}
          />
          <TextInput
            label={ssoText.samlLastName}
            value={fields.samlLastName}
            onChange={(e) => set({ samlLastName: e.currentTarget.value })}
            error={errorOf(errors, 'samlAttributes.lastName')}
          />
        </SimpleGrid>
      </fieldset>
    </>
  );
}

/** One of our values with its copy button. */
function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code style={{ wordBreak: 'break-all', flex: 1 }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? ssoText.copied : ssoText.copy(label)} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={ssoText.copy(label)}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Our service provider's values for the identity provider's administrator. */
export function SamlProviderValues({ values }: { values: SamlServiceProvider }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="saml-provider-title">
      <Text size="sm" fw={600} id="saml-provider-title">
        {ssoText.samlProvider}
      </Text>
      <CopyValue label={ssoText.samlSpEntityId} value={values.entityId} />
      <CopyValue label={ssoText.samlAcsUrl} value={values.acsUrl} />
      <CopyValue label={ssoText.samlMetadataUrl} value={values.metadataUrl} />
    </Stack>
  );
}
