/**
 * The review screen's claim (decisions.md#review-loop §4 'Claims'): POST /assignments/answers/{id}/claim on
 * opening, renewed every `reviewClaimRenewMs` while the tab is visible and the reviewer was active
 * recently, released (DELETE) on leaving the screen and on `pagehide` (a keepalive request, so it
 * outlives the page). When another reviewer holds it, the hook answers that claim (`heldBy`) and
 * `takeOver` takes it explicitly. Until the first claim call has answered (`asked`), nobody knows
 * yet whether the screen may edit: the panel stays read only meanwhile. `recheck` asks again (a
 * draft refused because someone took the answer over). `seen`, the claim the answer detail carries
 * (the screen polls it), keeps the hook true to the server: when it names another holder than the
 * hook knows — the holder released it or submitted, someone took it over — the hook asks again,
 * and the server's answer (the claim, or the 409 naming the holder) is what the screen shows.
 */
import { useDocumentVisibility, useIdle } from '@mantine/hooks';
import { reviewClaimRenewMs, reviewClaimSchema, type ReviewClaim } from '@practica/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, isApiError } from '@shared/lib/api-client';

const claimPath = (answerId: number) => `/assignments/answers/${answerId}/claim`;

/** POST …/claim: claims (or with `takeOver` takes) the answer; answers the claim. */
export function claimAnswer(answerId: number, takeOver = false): Promise<ReviewClaim> {
  return api.post(claimPath(answerId), {
    body: takeOver ? { takeOver: true } : {},
    schema: reviewClaimSchema,
  });
}

/** DELETE …/claim: releases the caller's claim; `keepalive` lets it outlive the page. */
export function releaseClaim(answerId: number, keepalive = false): Promise<unknown> {
  return api.delete(claimPath(answerId), { keepalive });
}

/** The claim a 409 of the claim call carries (another reviewer's), or undefined. */
function heldClaimOf(error: unknown): ReviewClaim | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const parsed = reviewClaimSchema.safeParse(error.data);
  return parsed.success ? parsed.data : undefined;
}

/** How long without input counts as away: no renewal then (the claim runs out on its own). */
const idleAfterMs = 5 * 60 * 1000;

export interface AnswerClaim {
  /** The caller's claim while it holds the answer; undefined before the first answer or when another does. */
  mine: ReviewClaim | undefined;
  /** Another reviewer's live claim (Submit stays disabled until `takeOver`), else undefined. */
  heldBy: ReviewClaim | undefined;
  /** Takes the claim over from `heldBy`. */
  takeOver: () => Promise<void>;
  takingOver: boolean;
  /** Whether the first claim call has answered (held, mine, or failed: offline, not reviewable). */
  asked: boolean;
  /** Asks for the claim again (renews the caller's, or learns who holds it now). */
  recheck: () => void;
}

/** The claim an answer detail carries, read at `at` (ms: the query's dataUpdatedAt). */
export interface SeenClaim {
  claim: ReviewClaim | null;
  at: number;
}

/**
 * Claims the answer `answerId` while `enabled` (the caller may review it now), renews and
 * releases it, and follows `seen`, as the module note says.
 */
export function useAnswerClaim(answerId: number, enabled: boolean, seen?: SeenClaim): AnswerClaim {
  const [mine, setMine] = useState<ReviewClaim>();
  const [heldBy, setHeldBy] = useState<ReviewClaim>();
  const [takingOver, setTakingOver] = useState(false);
  /** The answer whose first claim call has answered. */
  const [askedFor, setAskedFor] = useState<number>();
  const visibility = useDocumentVisibility();
  const idle = useIdle(idleAfterMs, { initialState: false });
  const holding = useRef(false);

  const apply = useCallback((claim: ReviewClaim) => {
    holding.current = claim.mine;
    setMine(claim.mine ? claim : undefined);
    setHeldBy(claim.mine ? undefined : claim);
  }, []);

  /**
   * The answer the screen shows now (undefined once it has left). A call for an answer the screen
   * has left, or its late reply, changes nothing: 'Submit and next' would otherwise claim the
   * answer it just reviewed again (a draft save refused on the way out asks for a recheck), and
   * that reply, arriving after the next answer's, made the next answer read only.
   */
  const onScreen = useRef<number>(undefined);
  useEffect(() => {
    onScreen.current = answerId;
    return () => {
      onScreen.current = undefined;
    };
  }, [answerId]);

  const attempt = useCallback(
    async (takeOver: boolean) => {
      if (onScreen.current !== answerId) return;
      try {
        const claim = await claimAnswer(answerId, takeOver);
        if (onScreen.current === answerId) apply(claim);
      } catch (error) {
        const held = heldClaimOf(error);
        if (held && onScreen.current === answerId) apply(held);
        // Other failures (the answer reviewed meanwhile, offline) leave the screen as it is.
      } finally {
        if (onScreen.current === answerId) setAskedFor(answerId);
      }
    },
    [answerId, apply],
  );

  // Claim on opening; release on leaving (unmount) and when the page goes away.
  useEffect(() => {
    if (!enabled) return;
    void attempt(false);
    const onPageHide = () => {
      if (holding.current) void releaseClaim(answerId, true).catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      if (holding.current) void releaseClaim(answerId).catch(() => undefined);
      holding.current = false;
      setMine(undefined);
      setHeldBy(undefined);
    };
  }, [answerId, enabled, attempt]);

  // Renew while visible and active.
  const active = enabled && visibility === 'visible' && !idle;
  useEffect(() => {
    if (!active || !holding.current) return;
    const timer = window.setInterval(() => {
      if (holding.current) void attempt(false);
    }, reviewClaimRenewMs);
    return () => window.clearInterval(timer);
  }, [active, attempt, mine]);

  // Coming back to the tab checks the claim at once (renewed, or who holds it now).
  const shown = useRef(visibility);
  useEffect(() => {
    const was = shown.current;
    shown.current = visibility;
    if (enabled && was === 'hidden' && visibility === 'visible') void attempt(false);
  }, [visibility, enabled, attempt]);

  const takeOver = useCallback(async () => {
    setTakingOver(true);
    try {
      await attempt(true);
    } finally {
      setTakingOver(false);
    }
  }, [attempt]);

  // The detail names another holder than the hook knows: ask the server again (module note). A
  // claim of the caller's that ran out (away too long) is left to run out, as the renewal does.
  const seenAt = seen?.at;
  const seenHolder = seen
    ? seen.claim
      ? seen.claim.mine
        ? 'me'
        : seen.claim.user.id
      : null
    : undefined;
  const knownHolder = mine ? 'me' : heldBy ? heldBy.user.id : undefined;
  const stale =
    enabled &&
    seenHolder !== undefined &&
    knownHolder !== undefined &&
    seenHolder !== knownHolder &&
    !(knownHolder === 'me' && seenHolder === null);
  useEffect(() => {
    if (stale) void attempt(false);
    // Once per detail read: `seenAt` changes with each.
  }, [stale, seenAt, attempt]);

  const recheck = useCallback(() => {
    if (enabled) void attempt(false);
  }, [enabled, attempt]);

  return {
    mine,
    heldBy,
    takeOver,
    takingOver,
    asked: !enabled || askedFor === answerId,
    recheck,
  };
}
