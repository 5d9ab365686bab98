/** Toasts (000 §9, decisions.md#console-flows §12): the same text shown again replaces its toast, never stacks. */
import { notificationsStore } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';

const shown = () => [
  ...notificationsStore.getState().notifications,
  ...notificationsStore.getState().queue,
];

describe('toast', () => {
  afterEach(() =>
    act(() =>
      notificationsStore.setState({
        ...notificationsStore.getState(),
        notifications: [],
        queue: [],
      }),
    ),
  );

  it('replaces a toast of the same text instead of stacking copies', () => {
    act(() => {
      toast.success('Avatar added organization!');
      toast.success('Avatar added organization!');
      toast.success('Avatar added organization!');
    });
    expect(shown().map((n) => n.message)).toEqual(['Avatar added organization!']);
  });

  it('keeps different texts, and the same text of another tone', () => {
    act(() => {
      toast.success('Saved');
      toast.success('Deleted');
      toast.error('Saved');
    });
    expect(shown().map((n) => `${String(n.color)} ${String(n.message)}`)).toEqual([
      'teal Saved',
      'teal Deleted',
      'red Saved',
    ]);
  });
});
