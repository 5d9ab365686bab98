/**
 * A two-column picker (a "transfer list"), the body of the choose-and-save dialogs (000 §2.6 Add
 * members, §2.10 the user detail's groups and assignments): on the left what may still be chosen,
 * each row with a plus button; on the right the chosen items, each with a remove button, or a lock
 * when the item cannot be taken off. Each column shows its title and count, the shared loading text
 * (`messages.loading`), `messages.noRecordsFound` when there is nothing to choose from, and the
 * caller's text when everything is chosen or nothing is. Cancel and Save close the picker; Save
 * hands over the chosen items in order.
 *
 * Keyboard: every action is a labelled button; when a row leaves its column, the focus moves to
 * the row that takes its place (else the one above, else the column itself) rather than being lost;
 * a lock can take the focus to show its reason.
 *
 * The picker keeps the chosen items itself, starting from `initial`: mount it when the dialog
 * opens so that it starts from the saved state each time.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { messages } from '@practica/contract';
import { IconLock, IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { LoadingText } from './loading-text';

export interface TransferPickerProps<T> {
  /** The chosen items when the picker opens. */
  initial: readonly T[];
  /** Everything that may be chosen, as loaded; the chosen ones are left out of the left column. */
  options: readonly T[];
  /** The options are still loading: the left column says so. */
  loading: boolean;
  itemKey: (item: T) => Key;
  /** The row's first line. */
  itemName: (item: T) => string;
  /** An optional second line under the name (status, role, due date…). */
  itemDetail?: (item: T) => ReactNode;
  /** Title and accessible name of the left list. */
  availableTitle: string;
  /** Title and accessible name of the right list. */
  chosenTitle: string;
  /** Accessible name of a row's plus button. */
  addLabel: (item: T) => string;
  /** Accessible name of a row's remove button. */
  removeLabel: (item: T) => string;
  /** The left column's text when every option is chosen. */
  allChosenText: string;
  /** The right column's text when nothing is chosen. */
  noneChosenText: string;
  /** Shown above the left column (role switch, search…). */
  availableHeader?: ReactNode;
  /** Whether the left column shows its count (default true; off when the options are a search). */
  countAvailable?: boolean;
  /** Chosen items that cannot be taken off show a lock instead of the remove button. */
  isLocked?: (item: T) => boolean;
  /** The lock's accessible name and tooltip. */
  lockedLabel?: string;
  /** Height of each column's scrolling list, in pixels (default 300). */
  listHeight?: number;
  /** Saving is under way: Save shows a loader, Cancel is disabled. */
  saving: boolean;
  onSave: (chosen: T[]) => void;
  onCancel: () => void;
}

type Side = 'available' | 'chosen';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
/** The empty and loading texts sit this much higher than the list is tall. */
const hintInset = 120;

function PickerColumn({
  title,
  count,
  height,
  columnRef,
  children,
}: {
  title: string;
  count?: number;
  height: number;
  columnRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <Paper ref={columnRef} tabIndex={-1} p={0} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py="xs" bg="var(--mantine-color-gray-0)">
        <Title order={3} fz="sm">
          {title}
        </Title>
        {count !== undefined && (
          <Badge variant="light" color="gray" size="sm" radius="sm">
            {count}
          </Badge>
        )}
      </Group>
      <ScrollArea h={height} type="auto">
        {children}
      </ScrollArea>
    </Paper>
  );
}

function Hint({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Center h={height} px="md">
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}

function PickerList<T>({
  label,
  items,
  itemKey,
  itemName,
  itemDetail,
  action,
}: Pick<TransferPickerProps<T>, 'itemKey' | 'itemName' | 'itemDetail'> & {
  label: string;
  items: readonly T[];
  action: (item: T) => ReactNode;
}) {
  return (
    <ul role="list" aria-label={label} style={listStyle}>
      {items.map((item) => (
        <li key={itemKey(item)}>
          <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={8}>
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={500} truncate>
                {itemName(item)}
              </Text>
              {itemDetail?.(item)}
            </Stack>
            {action(item)}
          </Group>
        </li>
      ))}
    </ul>
  );
}

/** Two-column picker: choose items on the left, see and take them off on the right. */
export function TransferPicker<T>({
  initial,
  options,
  loading,
  itemKey,
  itemName,
  itemDetail,
  availableTitle,
  chosenTitle,
  addLabel,
  removeLabel,
  allChosenText,
  noneChosenText,
  availableHeader,
  countAvailable = true,
  isLocked,
  lockedLabel,
  listHeight = 300,
  saving,
  onSave,
  onCancel,
}: TransferPickerProps<T>) {
  const [chosen, setChosen] = useState<T[]>(() => [...initial]);
  const chosenKeys = new Set(chosen.map(itemKey));
  const available = options.filter((item) => !chosenKeys.has(itemKey(item)));
  const hintHeight = listHeight - hintInset;
  const row = { itemKey, itemName, itemDetail };

  const columns: Record<Side, RefObject<HTMLDivElement | null>> = {
    available: useRef<HTMLDivElement>(null),
    chosen: useRef<HTMLDivElement>(null),
  };
  // Where the focus goes once a row has left its column: the action now at the clicked one's place.
  const refocus = useRef<{ side: Side; index: number } | null>(null);
  useEffect(() => {
    const next = refocus.current;
    if (!next) return;
    refocus.current = null;
    const column = columns[next.side].current;
    if (!column) return;
    const actions = column.querySelectorAll<HTMLElement>('[data-picker-action]');
    (actions[Math.min(next.index, actions.length - 1)] ?? column).focus();
  });

  const move = (side: Side, clicked: HTMLElement, update: (list: T[]) => T[]) => {
    const actions = columns[side].current?.querySelectorAll('[data-picker-action]') ?? [];
    refocus.current = { side, index: Math.max(0, Array.from(actions).indexOf(clicked)) };
    setChosen(update);
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="xs">
          {availableHeader}
          <PickerColumn
            title={availableTitle}
            count={countAvailable ? available.length : undefined}
            height={listHeight}
            columnRef={columns.available}
          >
            {loading ? (
              <Center h={hintHeight} role="status">
                <LoadingText />
              </Center>
            ) : available.length === 0 ? (
              <Hint height={hintHeight}>
                {options.length === 0 ? messages.noRecordsFound : allChosenText}
              </Hint>
            ) : (
              <PickerList
                {...row}
                label={availableTitle}
                items={available}
                action={(item) => (
                  <ActionIcon
                    variant="light"
                    aria-label={addLabel(item)}
                    data-picker-action
                    onClick={(event) =>
                      move('available', event.currentTarget, (list) => [...list, item])
                    }
                  >
                    <IconPlus size={16} />
                  </ActionIcon>
                )}
              />
            )}
          </PickerColumn>
        </Stack>
        <PickerColumn
          title={chosenTitle}
          count={chosen.length}
          height={listHeight}
          columnRef={columns.chosen}
        >
          {chosen.length === 0 ? (
            <Hint height={hintHeight}>{noneChosenText}</Hint>
          ) : (
            <PickerList
              {...row}
              label={chosenTitle}
              items={chosen}
              action={(item) =>
                isLocked?.(item) ? (
                  <Tooltip label={lockedLabel}>
                    <Center
                      w={28}
                      h={28}
                      c="dimmed"
                      role="img"
                      aria-label={lockedLabel}
                      tabIndex={0}
                    >
                      <IconLock size={16} aria-hidden />
                    </Center>
                  </Tooltip>
                ) : (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={removeLabel(item)}
                    data-picker-action
                    onClick={(event) =>
                      move('chosen', event.currentTarget, (list) =>
                        list.filter((other) => itemKey(other) !== itemKey(item)),
                      )
                    }
                  >
                    <IconMinus size={16} />
                  </ActionIcon>
                )
              }
            />
          )}
        </PickerColumn>
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {messages.cancel}
        </Button>
        <Button loading={saving} onClick={() => onSave(chosen)}>
          {messages.save}
        </Button>
      </Group>
    </Stack>
  );
}
