import { QUESTIONS, type SectionId } from '../catalogue/questions';
import { BlockView } from './BlockView';
import { blockKeys, sectionBlocks } from './layout';

/**
 * A section is laid out only near the screen (questions.css), which clips what reaches past its
 * edge: a section holding the school search, whose list opens below the field, is always laid out.
 */
const OPENS_PAST_EDGE: ReadonlySet<SectionId> = new Set(
  QUESTIONS.filter((question) => question.kind === 'schoolSearch').map((question) => question.section),
);

interface Props {
  section: { readonly id: SectionId; readonly title: string };
  isVisible: (key: string) => boolean;
  required: ReadonlySet<string>;
}

/**
 * One section of a step page: its heading and its visible blocks. Hidden questions are not
 * rendered at all (the answers actor clears their answers); a section with nothing visible is
 * left out, which is how a conditional section disappears.
 */
export function SectionView({ section, isVisible, required }: Props) {
  const blocks = sectionBlocks(section.id).filter((block) => blockKeys(block).some(isVisible));
  if (blocks.length === 0) return null;
  const headingId = `section-${section.id}`;
  return (
    <section className={OPENS_PAST_EDGE.has(section.id) ? 'q-section q-section--open' : 'q-section'} aria-labelledby={headingId}>
      <h2 id={headingId} className="q-section__title">
        {section.title}
      </h2>
      <div className="q-grid">
        {blocks.map((block) => (
          <BlockView key={blockKeys(block)[0]} block={block} isVisible={isVisible} required={required} />
        ))}
      </div>
    </section>
  );
}
