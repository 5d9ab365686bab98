/**
 * The wizard's question before leaving with entered data (decisions.md#console-flows §1). A move to another page
 * of the console (a link, the browser's Back or Forward past the wizard) is held by React Router's
 * blocker and asks 'Leave the assignment wizard?': the draft is kept in this browser, so the
 * dialog says so (or, when storage cannot keep it, that the data will be lost). Moves between the
 * wizard's own steps (the same page) and the move to the sign-in page (a sign-out or an expired
 * session) are never held. Closing or reloading the tab asks through the browser's own dialog
 * only when the draft could not be stored: otherwise a reload loses nothing and the question
 * would be a false alarm.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@shared/components/confirm-dialog';
import { assignmentWizardText } from '../../../../config/assignment-wizard-text';
import { patterns } from '@shared/config/paths';

export interface LeaveGuardProps {
  /** The user entered something. */
  dirty: boolean;
  /** The draft is stored (a reload or a later visit gets it back). */
  persisted: boolean;
  /** Set to true right before a move the wizard makes itself (after a discard or Confirm). */
  allowLeave: RefObject<boolean>;
}

/** Holds page moves while `dirty` and asks first. */
export function LeaveGuard({ dirty, persisted, allowLeave }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowLeave.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== patterns.login,
  );
  // The dialog calls onClose after onConfirm: a blocker that proceeds must not be reset too.
  const proceeding = useRef(false);

  useEffect(() => {
    if (!dirty || persisted) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowLeave.current) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, persisted, allowLeave]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={assignmentWizardText.leaveTitle}
      message={persisted ? assignmentWizardText.leaveKept : assignmentWizardText.leaveLost}
      confirmLabel={assignmentWizardText.leave}
      cancelLabel={assignmentWizardText.stay}
      danger={!persisted}
      onConfirm={() => {
        if (blocker.state !== 'blocked') return;
        proceeding.current = true;
        blocker.proceed();
      }}
      onClose={() => {
        if (proceeding.current) proceeding.current = false;
        else if (blocker.state === 'blocked') blocker.reset();
      }}
    />
  );
}
