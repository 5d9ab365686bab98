/**
 * The create/edit pages of 001 §2 'Avatars and environments' (/dbl/avatars/create,
 * /dbl/avatars/{id}/edit, and the same for environments): the asset form; back to the list after
 * a save or Cancel. An asset that cannot be loaded navigates back (001 §8).
 */
import { Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { AssetForm, assetKinds, useAsset, type AssetKind } from '../../features/assets';
import { useGoBack } from './go-back';

/** Create (no `:id`) or edit an asset of `kind`. */
export function AssetEditPage({ kind }: { kind: AssetKind }) {
  const params = useParams();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const info = assetKinds[kind];
  const creating = params.id === undefined;
  const id = Number(params.id);
  const valid = creating || (Number.isInteger(id) && id > 0);
  const query = useAsset(!creating && valid ? id : null);
  const wrongKind = query.data !== undefined && query.data.assetTypeId !== info.typeId;
  const failed = !valid || query.isError || wrongKind;
  useEffect(() => {
    if (failed) goBack();
  }, [failed, goBack]);

  const toList = () => void navigate(info.listPath());
  if (creating) return <AssetForm kind={kind} onSaved={toList} onCancel={toList} />;
  if (!query.data || wrongKind) {
    return (
      <Stack gap="md" maw={720} aria-busy="true">
        <Skeleton h={56} radius="md" />
        <Skeleton h={360} radius="md" />
      </Stack>
    );
  }
  return (
    <>
      <PageTitle title={query.data.name} />
      <AssetForm
        key={query.data.id}
        kind={kind}
        asset={query.data}
        onSaved={toList}
        onCancel={toList}
      />
    </>
  );
}
