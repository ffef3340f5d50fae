import { useEffect } from 'react';
import { connectDecisionLetter } from '../../machines/decisionLetterView';
import type { Letter, LetterBlock, LetterRun } from '../catalogue/letters';
import { currentView, useDecisionLetter, useView } from '../app/actors';

const RELEASED = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function Run({ run }: { run: LetterRun }) {
  // Text nodes only: an applicant's name with `<script>` in it is shown as those characters.
  const text = run.emphasis ? <em>{run.text}</em> : run.text;
  return run.strong ? <strong>{text}</strong> : <>{text}</>;
}

const Runs = ({ block }: { block: LetterBlock }) => block.runs.map((run, index) => <Run key={index} run={run} />);

/** The letter's blocks, list items gathered into lists. */
function LetterBody({ letter }: { letter: Letter }) {
  const groups: LetterBlock[][] = [];
  for (const block of letter.blocks) {
    const last = groups.at(-1);
    if (block.kind === 'item' && last?.[0]?.kind === 'item') last.push(block);
    else groups.push([block]);
  }
  return groups.map((group, index) => {
    const first = group[0]!;
    if (first.kind === 'item') {
      return (
        <ul key={index}>
          {group.map((item, itemIndex) => (
            <li key={itemIndex}>
              <Runs block={item} />
            </li>
          ))}
        </ul>
      );
    }
    return first.kind === 'heading' ? (
      <h3 key={index} className="letter__heading">
        <Runs block={first} />
      </h3>
    ) : (
      <p key={index}>
        <Runs block={first} />
      </p>
    );
  });
}

/**
 * The decision letter on the completion page, once a release has sent it: readable, printable and
 * as a PDF. Showing it tells the actor, which records the first opening.
 */
export function DecisionLetter() {
  const actor = useDecisionLetter();
  const { letter, releasedAt, pdfUrl } = useView(actor, connectDecisionLetter);
  const hasLetter = letter !== null;
  // Once per showing of the page: a record that failed is tried again at the next one.
  useEffect(() => {
    if (hasLetter) currentView(actor, connectDecisionLetter).shown();
  }, [actor, hasLetter]);
  if (!letter || releasedAt === null) return null;
  return (
    <section className="letter" aria-labelledby="letter-title">
      <h2 id="letter-title" className="letter__title">
        Your admission decision
      </h2>
      <p className="letter__date">Released {RELEASED.format(releasedAt)}</p>
      <div className="letter__body">
        <LetterBody letter={letter} />
      </div>
      <div className="letter__actions">
        <button type="button" className="letter__action" onClick={() => window.print()}>
          Print the letter
        </button>
        <a className="letter__action" href={pdfUrl} download>
          Download the letter as a PDF
        </a>
      </div>
    </section>
  );
}
