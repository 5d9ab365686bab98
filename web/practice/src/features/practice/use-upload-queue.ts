/**
 * The practice screen's upload queue (upload-queue.ts with tus-js-client's `Upload`): created for
 * the assignment, fed with the takes kept on the device (after a reload) and each new take, sent
 * again when the browser comes back online, stopped when the screen goes. Also holds the kept
 * takes for watching them. An answer already on the server is watched as it plays best (its MP4
 * once ready, `playableOf`).
 */
import type { MeAssignmentDetail } from '@practica/contract';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Upload } from 'tus-js-client';
import { playableOf } from '@shared/lib/media-playback';
import { sessionToken } from '../../lib/session';
import { takesStore, type Take } from './takes-store';
import { UploadQueue, type UploadQueueSnapshot } from './upload-queue';

/** What the screen reads and does with the queue. */
export interface PracticeUploads {
  snapshot: UploadQueueSnapshot;
  /** The takes recorded on this device, by question id. */
  takes: ReadonlyMap<number, Take>;
  /** True once the kept takes were read. */
  loaded: boolean;
  /** Keeps a new take on the device and queues it; throws `StorageFullError` when full. */
  keep: (take: Take) => Promise<void>;
  retry: () => void;
}

/** The queue of `detail` for `userId`; `onSessionExpired` runs when an upload answers 401/403. */
export function useUploadQueue(
  detail: MeAssignmentDetail,
  userId: number,
  onSessionExpired: () => void,
): PracticeUploads {
  const [queue] = useState(
    () =>
      new UploadQueue({
        assignmentId: detail.id,
        questionIds: detail.questions.map((q) => q.id),
        confirmed: detail.answer.items.flatMap((item) =>
          item.fileId
            ? [{ questionId: item.questionId, fileId: item.fileId, url: playableOf(item).url }]
            : [],
        ),
        store: takesStore,
        Upload,
        token: sessionToken,
        onSessionExpired,
      }),
  );
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const [takes, setTakes] = useState<ReadonlyMap<number, Take>>(new Map());
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    queue.start();
    takesStore
      .list(userId, detail.id)
      .catch(() => [] as Take[])
      .then((kept) => {
        if (!live) return;
        const questionIds = new Set(queue.getSnapshot().questions.map((q) => q.questionId));
        const mine = kept.filter((take) => questionIds.has(take.questionId));
        setTakes(new Map(mine.map((take) => [take.questionId, take])));
        for (const take of mine) queue.add(take);
        setLoaded(true);
      });
    const online = () => queue.retry();
    window.addEventListener('online', online);
    return () => {
      live = false;
      window.removeEventListener('online', online);
      queue.stop();
    };
  }, [queue, userId, detail.id]);

  const keep = useCallback(
    async (take: Take) => {
      await takesStore.save(take);
      setTakes((current) => new Map(current).set(take.questionId, take));
      queue.add(take);
    },
    [queue],
  );

  return { snapshot, takes, loaded, keep, retry: queue.retry };
}
