import { connectClearGuard } from '../../machines/clearGuardView';
import { useClearGuard, useView } from '../app/actors';
import { LOSS_MESSAGES, answerLabel } from '../catalogue/answerMessages';
import ConfirmDialog from './ConfirmDialog';

/**
 * The clear guard's question: a choice that would hide typed answers names them and
 * waits for Remove or Cancel. Loaded the first time the guard asks.
 */
export default function ClearGuardDialog() {
  const { asking, pending, losing, confirm, cancel } = useView(useClearGuard(), connectClearGuard);
  return (
    <ConfirmDialog
      open={asking}
      title={LOSS_MESSAGES.clearTitle}
      text={LOSS_MESSAGES.clear(answerLabel(pending?.key ?? ''), pending?.desc, losing.map(answerLabel))}
      confirmLabel={LOSS_MESSAGES.clearConfirm}
      destructive
      onConfirm={confirm}
      onCancel={cancel}
    />
  );
}
