import { expect, test, type Page } from '@playwright/test';
import { ADMIN_DOC_MESSAGES } from '@portal/domain/admin-docs-api';
import { expectNoA11yViolations, signIn, shot } from '../../support/auth';

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const toolbarOf = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

/** Another admin's save, made through the API the way a second browser would. */
const saveAsSomeoneElse = async (page: Page, docId: number, expectedVersion: number) => {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_access_token');
  const response = await page.request.put(`/api/admin/documentation/${docId}`, {
    headers: { 'X-CSRF-TOKEN': csrf?.value ?? '', 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      title: 'Changed elsewhere',
      content: '<p>Someone else was faster.</p>',
      category: 'troubleshooting',
      change_notes: 'Parallel edit',
      is_fixed: false,
      expected_version: expectedVersion,
    },
  });
  expect(response.status()).toBe(200);
};

test('an admin writes, edits, reads v1 of and deletes a document', async ({ page }) => {
  // One long journey on a shared two-core machine, including the banner's 5 s close.
  test.setTimeout(120_000);
  const title = `Printer jams ${Date.now().toString(36)}`;
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Documentation' })).toBeVisible();
  await expect(page.getByText('Select a document from the list')).toBeVisible();

  await page.getByRole('button', { name: 'New Document' }).click();
  const create = page.getByRole('button', { name: 'Create Document' });
  await expect(create).toBeDisabled();
  await expect(page.getByLabel('Category')).toHaveValue('meeting_notes');
  await expect(page.getByRole('checkbox', { name: 'Mark as Resolved' })).toBeVisible();
  await expect(page.getByLabel('Change Notes')).toHaveCount(0);
  await page.getByLabel('Category').selectOption('features');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByLabel('Category').selectOption('troubleshooting');
  await page.getByRole('checkbox', { name: 'Mark as Fixed' }).check();

  const editor = editorOf(page);
  await expect(editor.locator('p').first()).toHaveAttribute(
    'data-placeholder',
    ADMIN_DOC_MESSAGES.placeholder,
  );
  await page.getByLabel('Title').fill(title);
  await expect(create).toBeDisabled();

  // Keyboard formatting: Ctrl+B for bold, then the toolbar for a list and a colour.
  await editor.click();
  await editor.pressSequentially('Restart the spooler ');
  await editor.press('Control+b');
  await expect(toolbarOf(page).getByRole('button', { name: 'Bold' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await editor.pressSequentially('before anything else');
  await editor.press('Control+b');
  await editor.press('Enter');
  await toolbarOf(page).getByRole('button', { name: 'Bullet list' }).click();
  await expect(toolbarOf(page).getByRole('button', { name: 'Bullet list' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await editor.pressSequentially('Check the tray');
  await editor.press('Enter');
  await editor.pressSequentially('Check the toner');
  await editor.press('Enter');
  await editor.press('Enter');
  await editor.pressSequentially('Call the vendor');
  await editor.press('Shift+Home');
  // The editor reads a keyboard selection from the page's selection events; on a busy
  // machine the toolbar could act before it had, on an empty selection.
  await expect
    .poll(() => page.evaluate<string | undefined>('window.getSelection()?.toString()'))
    .toBe('Call the vendor');
  // The toolbar works by keyboard: arrows move between its controls, Enter presses one,
  // and only presses it: the key does not reach the text once focus is back there.
  const paragraphs = await editor.locator('p').count();
  await toolbarOf(page).getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbarOf(page).getByRole('button', { name: 'Italic' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toolbarOf(page).getByRole('button', { name: 'Italic' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(editor.locator('p')).toHaveCount(paragraphs);
  // Pressing a control returns focus to the text, so typing goes on where it was.
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+i');
  await expect(toolbarOf(page).getByRole('button', { name: 'Italic' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // The colour applies to the editor's selection: on a busy machine, make sure it is still
  // the line before picking, and that the colour reached the text before going on.
  await expect
    .poll(() => page.evaluate<string | undefined>('window.getSelection()?.toString()'))
    .toBe('Call the vendor');
  await page.getByLabel('Text colour').fill('#b91c1c');
  await expect(editor.locator('span[style*="color"]', { hasText: 'Call the vendor' })).toHaveCount(
    1,
  );
  await page.getByLabel('Font size').selectOption({ label: 'Large' });
  await expect(
    editor.locator('span[style*="font-size"]', { hasText: 'Call the vendor' }),
  ).toHaveCount(1);
  await toolbarOf(page).getByRole('button', { name: 'Align centre' }).click();
  await expect(create).toBeEnabled();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/admin-docs-form.png', fullPage: true });

  await create.click();
  await expect(
    page.getByRole('status').filter({ hasText: ADMIN_DOC_MESSAGES.created }),
  ).toBeVisible();
  const view = page.getByRole('article');
  await expect(view.getByRole('heading', { name: title })).toBeVisible();
  await expect(view.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(view.getByText('Fixed', { exact: true })).toBeVisible();
  await expect(view.locator('strong')).toHaveText('before anything else');
  await expect(view.locator('ul > li')).toHaveText(['Check the tray', 'Check the toner']);
  const coloured = view.locator('span[style*="color"]', { hasText: 'Call the vendor' });
  await expect(coloured).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(coloured).toHaveCSS('font-size', '20px');
  await expect(view.locator('p[style*="text-align"]')).toHaveCSS('text-align', 'center');
  const listItem = page.getByRole('button', { name: new RegExp(title) });
  await expect(listItem).toContainText(/Updated by .+ • v1/);
  await expect(listItem).toContainText('Troubleshooting');
  await expect(listItem).toContainText('Fixed');
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/admin-docs-view.png', fullPage: true });
  // The success banner closes by itself after 5 s.
  await expect(page.getByText(ADMIN_DOC_MESSAGES.created)).toBeHidden({ timeout: 8_000 });

  // Edit into v2 with change notes.
  await view.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Title').fill(`${title} (revised)`);
  await editor.click();
  await editor.press('Control+End');
  await editor.press('Enter');
  await editor.pressSequentially('Then print a test page.');
  await page.getByLabel('Change Notes').fill('Added the test page step');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(ADMIN_DOC_MESSAGES.updated)).toBeVisible();
  await expect(view.getByText('Version 2', { exact: true })).toBeVisible();
  await expect(view).toContainText('Then print a test page.');
  const history = view.getByRole('region', { name: 'Version History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Added the test page step');

  // Version 1 opens from the history, as it was.
  await history.getByRole('button', { name: /^v1 · / }).click();
  await expect(view.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(
    view.getByText('You are viewing version 1; the current version is 2.'),
  ).toBeVisible();
  await expect(view).not.toContainText('Then print a test page.');
  await expect(view.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await shot(page, { path: 'screenshots/admin-docs-version-1.png', fullPage: true });
  await view.getByRole('button', { name: 'Back to the current version' }).click();
  await expect(view.getByText('Version 2', { exact: true })).toBeVisible();

  // A save over someone else's newer version is refused, and the form keeps the text.
  const { documents } = (await (await page.request.get('/api/admin/documentation')).json()) as {
    documents: { doc_id: number; title: string }[];
  };
  const id = documents.find((doc) => doc.title === `${title} (revised)`)!.doc_id;
  await view.getByRole('button', { name: 'Edit' }).click();
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(' Mine.');
  await saveAsSomeoneElse(page, id, 2);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `${ADMIN_DOC_MESSAGES.updateFailed}: This document was changed by`,
  );
  await expect(page.getByRole('alert')).toContainText('(now v3)');
  await expect(editor).toContainText('Mine.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(view.getByText('Version 3', { exact: true })).toBeVisible();

  // Delete asks first; Cancel keeps it, Delete removes it.
  await view.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(ADMIN_DOC_MESSAGES.confirmDelete);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/admin-docs-delete.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view.getByRole('button', { name: 'Delete' })).toBeFocused();
  await view.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(ADMIN_DOC_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
  await expect(page.getByText('Select a document from the list')).toBeVisible();
});

const apiHeaders = async (page: Page) => {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_access_token');
  return { 'X-CSRF-TOKEN': csrf?.value ?? '', 'X-Requested-With': 'XMLHttpRequest' };
};

test('blank content keeps Create disabled, and leaving unsaved text asks first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/admin\/documentation$/);
  const ids: number[] = [];
  for (const title of [`Alpha ${stamp}`, `Bravo ${stamp}`]) {
    const response = await page.request.post('/api/admin/documentation', {
      headers: await apiHeaders(page),
      data: { title, content: `<p>${title} body</p>`, category: 'features', is_fixed: false },
    });
    expect(response.status()).toBe(200);
    ids.push(((await response.json()) as { doc_id: number }).doc_id);
  }
  await page.reload();
  const alpha = page.getByRole('button', { name: new RegExp(`Alpha ${stamp}`) });
  const bravo = page.getByRole('button', { name: new RegExp(`Bravo ${stamp}`) });
  const newDocument = page.getByRole('button', { name: 'New Document' });
  const view = page.getByRole('article');
  const editor = editorOf(page);
  const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

  // Spaces are no content, and no title: the spec's rule as the server applies it.
  await newDocument.click();
  const create = page.getByRole('button', { name: 'Create Document' });
  await page.getByLabel('Title').fill(`Draft ${stamp}`);
  await editor.click();
  await editor.pressSequentially('     ');
  await expect(create).toBeDisabled();
  await editor.press('Enter');
  await editor.pressSequentially('  ');
  await expect(create).toBeDisabled();
  await editor.pressSequentially('Draft text');
  await expect(create).toBeEnabled();
  await page.getByLabel('Title').fill('   ');
  await expect(create).toBeDisabled();
  await page.getByLabel('Title').fill(`Draft ${stamp}`);

  // Opening another document asks first; keeping on editing returns to where the click was.
  await alpha.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expectNoA11yViolations(page);
  await shot(page, { path: 'screenshots/admin-docs-discard.png' });
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(alpha).toBeFocused();
  await expect(editor).toContainText('Draft text');
  await alpha.click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(view.getByRole('heading', { name: `Alpha ${stamp}` })).toBeVisible();

  // An edit with nothing changed is left without a question.
  await view.getByRole('button', { name: 'Edit' }).click();
  await expect(editor).toContainText(`Alpha ${stamp} body`);
  await bravo.click();
  await expect(view.getByRole('heading', { name: `Bravo ${stamp}` })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // New Document from a changed edit asks too; Escape keeps the edit.
  await view.getByRole('button', { name: 'Edit' }).click();
  await editor.click();
  await editor.press('Control+End');
  await editor.pressSequentially(' more');
  await newDocument.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newDocument).toBeFocused();
  await expect(editor).toContainText('more');
  await newDocument.click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { name: 'New Document' })).toBeVisible();
  await expect(editor).not.toContainText('more');

  for (const id of ids) {
    const removed = await page.request.delete(`/api/admin/documentation/${id}`, {
      headers: await apiHeaders(page),
    });
    expect(removed.status()).toBe(200);
  }
});

test('a case manager gets Access Denied on the screen and 403 from the API', async ({ page }) => {
  await signIn(page, 'case_manager@example.com');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/documentation');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/documentation')).status()).toBe(403);
});
