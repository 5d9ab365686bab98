/**
 * `/` (000 §2.1; decisions.md#console-details): the marketing page in a frame. Its address comes
 * from GET /info (`marketingUrl`); by default the page bundled with the console.
 */
import { Box } from '@mantine/core';
import { bundledMarketingPage } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { useDocumentTitle } from '@shared/components/page-title';
import { useInfo } from '../../features/info';
import { PageLoader } from '@shared/components/page-loader';

/** The landing page. */
export default function LandingPage() {
  const info = useInfo();
  useDocumentTitle(null);
  if (info.isPending) return <PageLoader />;
  const src = (info.data?.marketingUrl || '').trim() || bundledMarketingPage;
  return (
    <Box
      component="iframe"
      src={src}
      title={uiText.marketingFrameTitle}
      style={{ display: 'block', border: 0, width: '100%', height: '100vh' }}
    />
  );
}
