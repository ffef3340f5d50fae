import { lookupMachine } from '../../../machines/lookupMachine';
import { callOutcomes } from '../fixtures';
import type { PathModel } from '../model';

export const SCHOOL = { id: '123456', text: 'Lincoln High School', sub_text: 'Springfield, IL' };
export const SCHOOL_DETAIL = {
  ceeb: '123456',
  name: 'Lincoln High School',
  address_line_1: '1 Main St',
  city: 'Springfield',
  state: 'Illinois',
  zip: '62701',
  country: 'USA',
};

export const lookupModel: PathModel = {
  name: 'lookup',
  machine: lookupMachine,
  events: [
    { type: 'lookup.type', key: 'hs_name', text: 'Lincoln' },
    { type: 'lookup.type', key: 'hs_name', text: '' },
    { type: 'lookup.choose', suggestion: SCHOOL },
    { type: 'lookup.useText' },
    { type: 'lookup.leave', answer: '' },
    { type: 'lookup.leave', answer: 'Lincoln' },
    ...callOutcomes('suggestions', [SCHOOL]),
    ...callOutcomes('detail', SCHOOL_DETAIL),
  ],
};
