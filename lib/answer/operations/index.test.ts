import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/planner/types';
import { HANDLED_OPERATIONS } from '.';

describe('answer operations', () => {
  it('every operation the planner can produce has exactly one module', () => {
    expect([...HANDLED_OPERATIONS].sort()).toEqual([...OPERATIONS].sort());
    expect(new Set(HANDLED_OPERATIONS).size).toBe(HANDLED_OPERATIONS.length);
  });
});
