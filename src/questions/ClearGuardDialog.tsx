import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { clearGuardMachine } from '../../machines/clearGuardMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { LOSS_MESSAGES, answerLabel } from '../catalogue/answerMessages';
import ConfirmDialog from './ConfirmDialog';

type ClearGuardActor = ActorRefFrom<typeof clearGuardMachine>;

/**
 * The clear guard's question (issue 12): a choice that would hide typed answers names them and
 * waits for Remove or Cancel. Loaded the first time the guard asks.
 */
export default function ClearGuardDialog() {
  const guard = useSystemActor<ClearGuardActor>(SYSTEM_IDS.clearGuard);
  const asking = useSelector(guard, (s) => s.hasTag('asking'));
  const pending = useSelector(guard, (s) => s.context.pending);
  const losing = useSelector(guard, (s) => s.context.losing);
  return (
    <ConfirmDialog
      open={asking}
      title={LOSS_MESSAGES.clearTitle}
      text={LOSS_MESSAGES.clear(answerLabel(pending?.key ?? ''), pending?.desc, losing.map(answerLabel))}
      confirmLabel={LOSS_MESSAGES.clearConfirm}
      destructive
      onConfirm={() => guard.send({ type: 'clearGuard.confirm' })}
      onCancel={() => guard.send({ type: 'clearGuard.cancel' })}
    />
  );
}
