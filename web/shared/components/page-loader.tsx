/** The quiet loader shown while a lazy page arrives. */
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { messages } from '@practica/contract';

/** Full-area loader with an accessible loading text (`messages.loading`). */
export function PageLoader() {
  return (
    <Center mih="60vh" role="status">
      <Loader size="md" type="dots" />
      <VisuallyHidden>{messages.loading}</VisuallyHidden>
    </Center>
  );
}
