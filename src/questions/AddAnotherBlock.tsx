import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { slotTitle, type AddAnotherGroup, type Question } from '../catalogue/questions';
import { countOf, type addAnotherMachine } from '../../machines/addAnotherMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../app/actors';
import { Button } from '../ui/Button';
import { ids } from './Field';
import { blockKeys, slotBlocks, type Block } from './layout';

type AddAnotherActor = ActorRefFrom<typeof addAnotherMachine>;

export function useSlotCount(buttonId: string): number {
  const actor = useSystemActor<AddAnotherActor>(SYSTEM_IDS.addAnother);
  return useSelector(actor, (s) => countOf(s, buttonId));
}

interface Props {
  group: AddAnotherGroup;
  questions: readonly Question[];
  isVisible: (key: string) => boolean;
  /** Renders one block of a slot (given by the section, which knows every kind of block). */
  renderBlock: (inner: { key: string; block: Block }) => ReactNode;
}

/**
 * An add-another group (section 4): as many slots as the add-another actor counts, each titled
 * 'Relative 2', 'Activity 3'…, and the button while the actor can add one more.
 */
export function AddAnotherBlock({ group, questions, isVisible, renderBlock }: Props) {
  const actor = useSystemActor<AddAnotherActor>(SYSTEM_IDS.addAnother);
  const count = useSlotCount(group.buttonId);
  const canAdd = useSelector(actor, (s) => s.can({ type: 'add', buttonId: group.buttonId }));
  const adding = useSelector(actor, (s) => s.hasTag('busy') && s.context.adding === group.buttonId);
  const added = useRef(false);
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
    <div className="q-group" id={`group-${group.buttonId}`}>
      {slots.map((blocks, slot) =>
        blocks.length === 0 ? null : (
          <fieldset key={slot} className="q-slot">
            <legend className="q-slot__title">{slotTitle(group, slot)}</legend>
            <div className="q-grid">{blocks.map((block) => renderBlock({ key: blockKeys(block)[0]!, block }))}</div>
          </fieldset>
        ),
      )}
      {canAdd || adding ? (
        <Button
          variant="secondary"
          className="q-group__add"
          busy={adding}
          onClick={() => {
            added.current = true;
            actor.send({ type: 'add', buttonId: group.buttonId });
          }}
        >
          <span aria-hidden="true">+ </span>
          {group.buttonLabel}
        </Button>
      ) : null}
    </div>
  );
}
