import { useMemo, useState } from 'react';
import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { ANNOUNCEMENTS } from '../catalogue/announcements';
import { DEFAULT_MAX_LENGTH } from '../catalogue/limits';
import { CharacterCount, countHintId } from '../ui/CharacterCount';
import { maxLengthFor, type Question } from '../catalogue/questions';
import type { LookupSuggestion } from '../../machines/api/responses';
import { typedTextLabel } from '../../machines/lookupMachine';
import { connectLookup } from '../../machines/lookupView';
import { currentView, useLookup, useView } from '../app/actors';
import { ErrorText, HelpText, RequiredMark, controlProps, fieldClass, ids } from './Field';
import { useFieldErrors, useTextAnswer } from './hooks';
import './SchoolSearch.css';

/** The free-text choice; no lookup id looks like this. */
const USE_TEXT = '\u0000use-text';

interface Item {
  value: string;
  label: string;
  detail: string;
  suggestion: LookupSuggestion | null;
}

/**
 * The school search: an Ark UI combobox whose list, timing and filling all belong to
 * the lookup actor. The view keeps only what is being typed until a school is chosen or the field
 * is left; the field then shows the answer the lookup filled in. Loaded with /education only.
 */
export default function SchoolSearch({ question, required }: { question: Question; required: boolean }) {
  const lookup = useLookup();
  const answer = useTextAnswer(question.key);
  const errors = useFieldErrors(question.key);
  const { open, searching, filling, text, suggestions } = useView(lookup, connectLookup).field(question.key);
  // A handler reads the lookup as it is at the event, not as it was at the last render.
  const now = () => currentView(lookup, connectLookup).field(question.key);
  const [draft, setDraft] = useState<string | null>(null);

  const collection = useMemo(() => {
    const items: Item[] = suggestions.map((s) => ({ value: s.id, label: s.text, detail: s.sub_text, suggestion: s }));
    const typed = text.trim();
    if (typed !== '') items.push({ value: USE_TEXT, label: typedTextLabel(typed), detail: 'Enter this name yourself', suggestion: null });
    return createListCollection({ items, itemToValue: (item) => item.value, itemToString: (item) => item.label });
  }, [suggestions, text]);

  const choose = (value: string) => {
    const item = collection.find(value);
    if (!item) return;
    if (item.suggestion) {
      setDraft(item.suggestion.text);
      now().choose(item.suggestion);
    } else {
      setDraft(text.trim());
      now().useText();
    }
  };

  const id = ids(question.key);
  const props = controlProps(question.key, { help: question.help, errors, required });
  const statusId = `${id.input}-status`;
  const limit = maxLengthFor(question, { essayLimit: DEFAULT_MAX_LENGTH }) ?? DEFAULT_MAX_LENGTH;
  return (
    <div id={question.key} className={fieldClass(errors, true)}>
      <Combobox.Root
        className="q-combobox"
        collection={collection}
        ids={{ input: id.input }}
        open={open}
        inputValue={draft ?? answer}
        value={[]}
        selectionBehavior="preserve"
        openOnClick={false}
        positioning={{ sameWidth: true, gutter: 4 }}
        onInputValueChange={(details) => {
          // Only typing starts a search; Ark also reports its own changes (selection, clearing).
          if (details.reason !== 'input-change') return;
          setDraft(details.inputValue);
          now().type(details.inputValue);
        }}
        onSelect={(details) => choose(details.itemValue)}
        onOpenChange={(details) => {
          // Escape, Tab or a click elsewhere closes the list; a choice is already on its way.
          if (details.open || details.reason === 'item-select') return;
          // The lookup actor keeps a typed name as 'Use: …' would; the field then shows the answer.
          if (now().leave(answer)) setDraft(null);
        }}
      >
        <Combobox.Label className="q-label">
          {question.label}
          <RequiredMark required={required} />
        </Combobox.Label>
        <HelpText id={id.help} help={question.help} />
        <Combobox.Control className="q-combobox__control">
          <svg className="q-combobox__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <Combobox.Input
            className="q-input q-combobox__input"
            aria-describedby={[props['aria-describedby'], countHintId(id.input), statusId].filter(Boolean).join(' ')}
            aria-invalid={props['aria-invalid']}
            aria-required={props['aria-required']}
            autoComplete="off"
            spellCheck={false}
            placeholder="Start typing your school's name"
            onBlur={() => {
              // Leaving the field before the list opened keeps what was typed too; an open list
              // or a choice being filled in is left to the combobox and the lookup actor.
              if (now().blur(answer)) setDraft(null);
            }}
          />
        </Combobox.Control>
        {/* Nothing typed is cut: the count says how many characters are left or too many. */}
        <CharacterCount inputId={id.input} length={(draft ?? answer).length} limit={limit} />
        <p id={statusId} className="q-combobox__status" aria-live="polite">
          {/* Once the list is open, how many schools it found (the 'Use: …' choice is not a school). */}
          {searching
            ? 'Searching…'
            : filling
              ? 'Filling in your school’s details…'
              : open
                ? ANNOUNCEMENTS.schoolsFound(suggestions.length)
                : ''}
        </p>
        <Combobox.Positioner className="q-combobox__positioner">
          <Combobox.Content className="q-combobox__content">
            {collection.items.map((item) => (
              <Combobox.Item
                key={item.value}
                item={item}
                className={item.suggestion ? 'q-combobox__item' : 'q-combobox__item q-combobox__item--text'}
              >
                <Combobox.ItemText className="q-combobox__name">{item.label}</Combobox.ItemText>
                {item.detail ? <span className="q-combobox__detail">{item.detail}</span> : null}
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <ErrorText id={id.error} messages={errors} />
    </div>
  );
}
