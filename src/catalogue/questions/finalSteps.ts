/** The questions of step 3, Final Steps. */
import { when } from '../conditions';
import { YES, section } from '../questionModel';

export const LEGAL_AGREEMENT =
  'I certify that the information on this application is complete and correct to the best of my knowledge, and I understand that false or missing information may cancel my admission.';

export const legal = section('legal', [
  {
    key: 'conviction',
    kind: 'radio',
    label: 'Have you ever been convicted of a misdemeanor or a felony?',
    options: 'yesNo',
  },
  {
    key: 'conviction_comment',
    kind: 'textarea',
    label: 'Please tell us what happened and what you learned from it.',
    condition: when.equals('conviction', YES),
  },
  {
    key: 'suspended',
    kind: 'radio',
    label: 'Have you ever been suspended, expelled or otherwise disciplined by a school?',
    options: 'yesNo',
  },
  {
    key: 'suspended_comment',
    kind: 'textarea',
    label: 'Please tell us what happened and what you learned from it.',
    condition: when.equals('suspended', YES),
  },
  {
    key: 'counselor_waiver_request',
    kind: 'radio',
    label: 'Do you give up your right to read the recommendation your counselor writes for you?',
    help: 'Colleges often give more weight to recommendations the applicant has not read.',
    options: 'yesNo',
  },
  { key: 'legal_agree', kind: 'checkbox', label: LEGAL_AGREEMENT },
]);
