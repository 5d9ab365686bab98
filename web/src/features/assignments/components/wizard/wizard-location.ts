/**
 * Where the wizard is, kept in the URL (decisions.md#console-flows §1) so the browser's Back and Forward move
 * between steps and a reload stays on the step: `?step=1` … `?step=5` (1-based, as the stepper
 * shows), and `?created=<id>` once Confirm has created the assignment (the panel that adds trainees
 * and publishes). Next pushes a history entry; the wizard's own Back returns to the entry Next came
 * from when there is one (so Back and the browser's Back agree), else replaces the step.
 */
import { wizardSteps } from '@practica/contract';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The wizard's query parameters. */
export const wizardParams = { step: 'step', created: 'created' } as const;

/** What a step's history entry remembers: the step whose Next pushed it. */
interface WizardEntryState {
  wizardFrom?: number;
}

/** A positive whole number from a query parameter, else null. */
function wholeParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** The wizard's place read from `search`: the 0-based step (null when absent or out of range) and the created id. */
export function readWizardLocation(search: string): {
  step: number | null;
  createdId: number | null;
} {
  const params = new URLSearchParams(search);
  const step = wholeParam(params.get(wizardParams.step));
  return {
    step: step !== null && step <= wizardSteps ? step - 1 : null,
    createdId: wholeParam(params.get(wizardParams.created)),
  };
}

/** The wizard's place and the moves between places (steps are 0-based here; the moves are stable). */
export function useWizardLocation() {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const { step, createdId } = readWizardLocation(search);
  const cameFrom = (state as WizardEntryState | null)?.wizardFrom;

  const moves = useMemo(() => {
    const to = (key: string, value: number) => ({ pathname, search: `?${key}=${value}` });
    return {
      /** Shows `target` in place of the current entry (opening, falling back, continuing a draft). */
      replace(target: number) {
        void navigate(to(wizardParams.step, target + 1), { replace: true });
      },
      /** Next: a new history entry for `target`, remembering the step it came from. */
      forward(from: number, target: number) {
        void navigate(to(wizardParams.step, target + 1), {
          state: { wizardFrom: from } satisfies WizardEntryState,
        });
      },
      /** A completed step picked on the stepper: a new history entry. */
      jump(target: number) {
        void navigate(to(wizardParams.step, target + 1));
      },
      /** The wizard's Back from step `from`: the entry Next came from, else the step in place. */
      back(from: number) {
        if (cameFrom === from - 1) void navigate(-1);
        else void navigate(to(wizardParams.step, from - 1), { replace: true });
      },
      /** After Confirm: the created assignment's panel in place of the recap. */
      created(assignmentId: number) {
        void navigate(to(wizardParams.created, assignmentId), { replace: true });
      },
    };
  }, [navigate, pathname, cameFrom]);

  return { step, createdId, ...moves };
}
