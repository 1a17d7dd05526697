// The billing part of the order form filled as a person would, for the scripts and benchmarks
// that drive a real browser (the journeys have their own, tests/e2e/helpers.ts).

/**
 * @param {import('@playwright/test').Page} page the order form
 * @param {string} email the customer's address (each run may want its own)
 */
export async function fillBilling(page, email) {
  const fields = [
    ['First Name', 'Ada'],
    ['Last Name', 'Lovelace'],
    ['Address', '1 Engine Rd'],
    ['City', 'Halifax'],
    ['Postal Code', 'B3H 1A1'],
    ['Phone', '902-555-0100'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).first().fill(value);
  await page.getByLabel('Province', { exact: true }).first().selectOption('NS');
  await page.getByLabel('Email', { exact: true }).fill(email);
}
