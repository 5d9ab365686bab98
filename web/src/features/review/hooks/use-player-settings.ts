/**
 * The reviewer's player settings (decisions.md#review-loop §2, §7): the playback speed (one of
 * `playbackRates`, 0.75…2) and the 'autoplay' switch, each kept per reviewer (their user id, else
 * 'anonymous') in local storage under `playerSettingKeys`.
 */
import { useLocalStorage } from '@mantine/hooks';
import type { Dispatch, SetStateAction } from 'react';
import { useAuth } from '../../../lib/auth';
import { playbackRates, playerSettingKeys, stepRate } from '../review-shortcuts';

export interface PlayerSettings {
  /** The playback speed, a factor (1 = normal). */
  rate: number;
  setRate: Dispatch<SetStateAction<number>>;
  /** Whether the next question's video starts when one ends. */
  autoplay: boolean;
  setAutoplay: Dispatch<SetStateAction<boolean>>;
}

/**
 * The stored speed `raw` as one of `playbackRates`: an exact one as is, anything else as
 * `stepRate(number or 1, +1)`, nothing stored as 1.
 */
export function storedRate(raw: string | undefined): number {
  return playbackRates.find((r) => String(r) === raw) ?? (raw ? stepRate(Number(raw) || 1, 1) : 1);
}

/** The signed-in reviewer's speed and autoplay switch, read at once and kept on change. */
export function usePlayerSettings(): PlayerSettings {
  const reviewer = useAuth().user?.id ?? 'anonymous';
  const [rate, setRate] = useLocalStorage<number>({
    key: playerSettingKeys.rate(reviewer),
    defaultValue: 1,
    getInitialValueInEffect: false,
    deserialize: storedRate,
    serialize: String,
  });
  const [autoplay, setAutoplay] = useLocalStorage<boolean>({
    key: playerSettingKeys.autoplay(reviewer),
    defaultValue: false,
    getInitialValueInEffect: false,
    deserialize: (raw) => raw === 'true',
    serialize: String,
  });
  return { rate, setRate, autoplay, setAutoplay };
}
