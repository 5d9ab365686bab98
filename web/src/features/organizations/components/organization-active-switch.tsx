/**
 * The admin's active toggle of an organization (decisions.md: members of an inactive
 * organization cannot sign in). Deactivating asks first, since it signs the members out.
 */
import { Switch } from '@mantine/core';
import { format, messages, type OrganizationDetail } from '@practica/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@shared/components/confirm-dialog';
import { organizationText } from '../../../config/organization-text';
import { toast } from '@shared/lib/toast';
import { useSetOrganizationActive } from '../api/set-organization-active';

/** Switch bound to the organization's active flag. */
export function OrganizationActiveSwitch({ organization }: { organization: OrganizationDetail }) {
  const mutation = useSetOrganizationActive(organization.id);
  const [confirming, setConfirming] = useState(false);
  const apply = (active: boolean) =>
    mutation.mutateAsync(active).then(() => {
      toast.success(format.statusUpdatedTo(active ? messages.active : messages.inactive));
    });
  return (
    <>
      <Switch
        checked={organization.active}
        disabled={mutation.isPending}
        label={messages.active}
        description={organizationText.activeLabel}
        onChange={(event) => {
          if (event.currentTarget.checked) void apply(true).catch(() => undefined);
          else setConfirming(true);
        }}
      />
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => apply(false)}
        title={organizationText.deactivateTitle}
        message={organizationText.deactivateBody}
        confirmLabel={organizationText.deactivate}
        danger
      />
    </>
  );
}
