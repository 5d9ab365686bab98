/**
 * The loading indicators screen readers hear (000 §2.4): Mantine's Loader alone is a `span`, which
 * may carry no name (axe: aria-prohibited-attr), so the name is a visually hidden text inside a
 * `role="status"` box.
 */
import { Box, Center, Loader, VisuallyHidden, type LoaderProps } from '@mantine/core';
import { messages } from '@practica/contract';

/**
 * A spinner announced as `label` (default `messages.loading`); `size` is the Loader's.
 * For a loading text beside the spinner, see `LoadingText`.
 */
export function StatusLoader({
  label = messages.loading,
  size,
}: {
  label?: string;
  size?: LoaderProps['size'];
}) {
  return (
    <Box role="status" display="inline-flex">
      <Loader size={size} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}

/**
 * The quiet full-area loader shown while a lazy page arrives: the same status as StatusLoader,
 * written out so the practice app's sign-in page, which loads only this one, stays within its
 * 120 KB budget (`npm run size -w web`).
 */
export function PageLoader() {
  return (
    <Center mih="60vh" role="status">
      <Loader size="md" type="dots" />
      <VisuallyHidden>{messages.loading}</VisuallyHidden>
    </Center>
  );
}
