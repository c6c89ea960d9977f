import type { Page } from 'playwright-core';

/** Fills in the open login dialog and sends it, as a person would. */
export async function submitLoginDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Logg inn' });
  await dialog.getByLabel('E-post', { exact: true }).fill(email);
  await dialog.getByLabel('Passord', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Logg inn', exact: true }).click();
}

/** Logs in through the login dialog, as a person would, and waits until the page shows the signed-in user. */
export async function logIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/?login=1`);
  await submitLoginDialog(page, email, password);
  await page.getByRole('button', { name: 'Logg ut' }).waitFor();
}
