import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ANNOUNCEMENTS } from '../catalogue/announcements';
import { LOSS_MESSAGES } from '../catalogue/answerMessages';
import { slotTitle, type AddAnotherGroup, type Question } from '../catalogue/questions';
import { connectAddAnother } from '../../machines/addAnotherView';
import { currentView, useAddAnother, useAnswers, useViewValue } from '../app/actors';
import { ChunkBoundary, lazyChunk } from '../app/chunks';
import { announce } from '../layout/Announcer';
import { Button } from '../ui/Button';
import { ids } from './Field';
import { blockKeys, slotBlocks, type Block } from './layout';

// Ark's dialog loads the first time a removal is asked, not with the first page, which keeps within its JavaScript budget.
const ConfirmDialog = lazyChunk(() => import('./ConfirmDialog'));

export function useSlotCount(buttonId: string): number {
  return useViewValue(useAddAnother(), connectAddAnother, (view) => view.group(buttonId).count);
}

interface Props {
  group: AddAnotherGroup;
  questions: readonly Question[];
  isVisible: (key: string) => boolean;
  /** Renders one block of a slot (given by the section, which knows every kind of block). */
  renderBlock: (inner: { key: string; block: Block }) => ReactNode;
}

/**
 * An add-another group: as many items as the add-another actor counts, each titled
 * 'Relative 2', 'Activity 3'…, and the button while the actor can add one more.
 */
export function AddAnotherBlock({ group, questions, isVisible, renderBlock }: Props) {
  const actor = useAddAnother();
  const count = useSlotCount(group.buttonId);
  const canAdd = useViewValue(actor, connectAddAnother, (view) => view.group(group.buttonId).canAdd);
  const adding = useViewValue(actor, connectAddAnother, (view) => view.group(group.buttonId).adding);
  const added = useRef(false);
  const answers = useAnswers();
  const removable = useViewValue(actor, connectAddAnother, (view) => view.removable);
  const asking = useViewValue(actor, connectAddAnother, (view) => view.group(group.buttonId).asking);
  const removingSlot = useViewValue(actor, connectAddAnother, (view) => view.group(group.buttonId).removingSlot);
  const now = () => currentView(actor, connectAddAnother);
  const [dialogNeeded, setDialogNeeded] = useState(false);
  if (asking !== null && !dialogNeeded) setDialogNeeded(true);
  const root = useRef<HTMLDivElement>(null);
  // The Remove button that asked: Cancel or Escape gives focus back to it.
  const asker = useRef<HTMLButtonElement | null>(null);
  // The Remove button is gone with its item: focus goes to the item now in its place (or
  // the one before), and the removal is announced.
  useEffect(() => {
    const subscription = actor.on('addAnother.removed', ({ buttonId, slot, title }) => {
      if (buttonId !== group.buttonId) return;
      announce(ANNOUNCEMENTS.itemRemoved(title));
      requestAnimationFrame(() => {
        const items = root.current?.querySelectorAll<HTMLElement>('.q-slot') ?? [];
        const item = items[Math.min(slot, items.length - 1)];
        item?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, group.buttonId]);
  const slots = Array.from({ length: count }, (_, slot) => slotBlocks(questions, slot).filter((block) => blockKeys(block).some(isVisible)));

  useEffect(() => {
    // The button that was pressed may be gone (maximum reached): focus the new slot's first field.
    if (!added.current) return;
    added.current = false;
    const first = slots[slots.length - 1]?.[0];
    if (first) document.getElementById(ids(blockKeys(first)[0]!).input)?.focus();
    // Only a new count matters here, not each render's fresh slot lists.
  }, [count]); // eslint-disable-line react-hooks/exhaustive-deps

  if (slots.every((blocks) => blocks.length === 0)) return null;
  return (
    <div ref={root} className="q-group" id={`group-${group.buttonId}`}>
      {slots.map((blocks, slot) =>
        blocks.length === 0 ? null : (
          <fieldset key={slot} className="q-slot">
            <legend className="q-slot__title">{slotTitle(group, slot)}</legend>
            <div className="q-grid">{blocks.map((block) => renderBlock({ key: blockKeys(block)[0]!, block }))}</div>
            {/* The asking slot keeps its button while the dialog is open, so focus has somewhere to come back to. */}
            {slot >= 1 && (removable || removingSlot === slot || asking?.slot === slot) ? (
              <Button
                variant="secondary"
                className="q-slot__remove"
                busy={removingSlot === slot}
                onClick={(event) => {
                  asker.current = event.currentTarget;
                  now().group(group.buttonId).remove(slot, answers);
                }}
              >
                Remove<span className="visually-hidden"> {slotTitle(group, slot)}</span>
              </Button>
            ) : null}
          </fieldset>
        ),
      )}
      {/* Once loaded it stays, so that closing it gives focus back where the applicant was. */}
      {dialogNeeded ? (
        <ChunkBoundary compact>
          <Suspense fallback={null}>
            <ConfirmDialog
              open={asking !== null}
              title={LOSS_MESSAGES.removeItemTitle(slotTitle(group, asking?.slot ?? 0))}
              text={LOSS_MESSAGES.removeItem(slotTitle(group, asking?.slot ?? 0), (asking?.slot ?? 0) < count - 1)}
              confirmLabel={LOSS_MESSAGES.removeItemConfirm}
              destructive
              finalFocusEl={() => (asker.current?.isConnected ? asker.current : null)}
              onConfirm={() => now().confirmRemove()}
              onCancel={() => now().cancelRemove()}
            />
          </Suspense>
        </ChunkBoundary>
      ) : null}
      {canAdd || adding ? (
        <Button
          variant="secondary"
          className="q-group__add"
          busy={adding}
          onClick={() => {
            added.current = true;
            now().group(group.buttonId).add();
          }}
        >
          <span aria-hidden="true">+ </span>
          {group.buttonLabel}
        </Button>
      ) : null}
    </div>
  );
}
