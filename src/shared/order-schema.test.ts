import { describe, expect, it } from 'vitest';
import { issueFields, orderBodySchema } from './order-schema.js';

describe('issueFields', () => {
  it('names the details without their layout and anything else by its whole path', () => {
    const result = orderBodySchema.safeParse({
      layouts: {
        '1': { billing: { email: 'not an email', province: 'Narnia' }, deadline: { date: 'soon' } },
        '2': { viewData: { Front: { decoration: 'glitter' } } },
      },
    });
    expect(result.success).toBe(false);
    expect(issueFields(result.error!).sort()).toEqual(
      ['billing.email', 'billing.province', 'deadline.date', 'layouts.2.viewData.Front.decoration'].sort(),
    );
  });
});
