import { describe, expect, it } from 'vitest';
import { letterText, renderLetter, unknownPlaceholders } from '../../../src/catalogue/letters';

const TEMPLATE = `# Dear {{first_name}},

We are **delighted** to offer you a place at {{college_name}}
for *{{entry_term}}*.

- Reference: {{reference}}
- Accept by May 1`;

describe('decision letters', () => {
  it('renders headings, paragraphs, list items, bold and italic, with each value put in as it is', () => {
    const rendered = renderLetter(TEMPLATE, { first_name: 'Zoë', college_name: 'Northfield', entry_term: 'Fall 2027', reference: 'ADM-1' });
    expect(rendered).toEqual({
      ok: true,
      letter: {
        blocks: [
          { kind: 'heading', runs: [{ text: 'Dear Zoë,' }] },
          {
            kind: 'paragraph',
            runs: [
              { text: 'We are ' },
              { text: 'delighted', strong: true },
              { text: ' to offer you a place at Northfield for ' },
              { text: 'Fall 2027', emphasis: true },
              { text: '.' },
            ],
          },
          { kind: 'item', runs: [{ text: 'Reference: ADM-1' }] },
          { kind: 'item', runs: [{ text: 'Accept by May 1' }] },
        ],
      },
    });
  });

  it('never reads an applicant’s value as Markdown or markup', () => {
    const rendered = renderLetter('Dear {{first_name}},', { first_name: '**<script>alert(1)</script>** {{reference}}' });
    expect(rendered.ok && rendered.letter.blocks).toEqual([
      { kind: 'paragraph', runs: [{ text: 'Dear **<script>alert(1)</script>** {{reference}},' }] },
    ]);
  });

  it('fails rather than leave a gap where a value is missing', () => {
    expect(renderLetter('Dear {{preferred_name}} {{last_name}},', { preferred_name: '  ', last_name: 'Lee' })).toEqual({
      ok: false,
      problem: 'no value for {{preferred_name}}',
    });
  });

  it('names the placeholders a template uses that no letter can fill in', () => {
    expect(unknownPlaceholders('Dear {{first_name}}, {{ award }} and {{award}} {{first_name}}')).toEqual(['award']);
    expect(unknownPlaceholders(TEMPLATE)).toEqual([]);
  });

  it('reads as plain text, one line per block', () => {
    const rendered = renderLetter('# Hi {{first_name}}\n\nSee you.', { first_name: 'Ana' });
    expect(rendered.ok && letterText(rendered.letter)).toBe('Hi Ana\nSee you.');
  });
});
