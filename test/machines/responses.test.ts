import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CollegeResponseSchema } from '../../machines/api/responses';
import { loadCollegeConfig } from '../../src/college/load';

describe('GET /public/college as the page checks it', () => {
  // What the server sends: the configuration it loaded and checked against src/college/schema.
  const served = JSON.parse(JSON.stringify(loadCollegeConfig())) as Record<string, unknown>;

  it('takes the served configuration as it is, settings it does not name included', () => {
    expect(v.parse(CollegeResponseSchema, served)).toEqual(served);
    expect(v.parse(CollegeResponseSchema, { ...served, newSetting: 1 })).toMatchObject({ newSetting: 1 });
  });

  it('refuses an answer of another shape', () => {
    expect(v.safeParse(CollegeResponseSchema, { ...served, essayLimit: '7000' }).success).toBe(false);
    expect(v.safeParse(CollegeResponseSchema, { ...served, majors: [{ value: 'x' }] }).success).toBe(false);
    const { name: _name, ...withoutName } = served;
    expect(v.safeParse(CollegeResponseSchema, withoutName).success).toBe(false);
  });
});
