// An invitation by email to someone without an account (issue 13): the organizer invites an
// address from the caucus page; the mail's sign-up link opens Register with the address filled
// in; once the address is confirmed the newcomer lands on My Caucuses with the invitation,
// accepts it, and the organizer sees it accepted.
import { createCaucusRow, addOrganizer } from '../../src/server/test/caucus-factories';
import { uniqueEmail } from './support/fixtures';
import { checkA11y, expect, literal, pickFreeDistrict, runTag, test, toast } from './support/caucus-fixtures';

test('an organizer invites an address without an account; the newcomer signs up through the mail and accepts', async ({ db, createUser, cast, mailbox, browser, baseURL }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const olga = await createUser({ name: `Olga Emailing ${tag}`, email: uniqueEmail('olga'), ...home });
  const caucusName = `Mailbox Ten ${tag}`;
  const caucus = await createCaucusRow(db, { name: caucusName, ...home, organizerId: olga.id });
  await addOrganizer(db, caucus.id, olga.id);
  const address = uniqueEmail('newcomer');
  const organizer = await cast.browse(olga);

  await test.step('the organizer invites the address from Invite Others, By Email', async () => {
    await organizer.page.goto(`/caucus/${caucus.id}`);
    await organizer.page.getByRole('button', { name: 'Invite Others' }).click();
    const dialog = organizer.page.getByRole('dialog', { name: 'Invite Others' });
    await dialog.getByRole('tab', { name: 'By Email' }).click();
    await dialog.getByLabel('Email address').fill(address);
    await checkA11y(organizer.page);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(organizer.page, 'Invitation Sent')).toContainText(
      `Invitation sent to ${address}, if this address can take it: with an account, they find it among their invitations; without one, they get a mail with a link to sign up.`,
    );
    await expect(dialog).toBeHidden();
  });

  const newcomer = { name: `Nina Newcomer ${tag}`, password: 'a long enough password' };
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();

  await test.step('the mail’s sign-up link opens Register with the address filled in', async () => {
    const mail = await mailbox.waitForMessage(address, { subject: `Olga Emailing ${tag} invited you to join ${caucusName}` });
    expect(mail.text).toContain('Sign up with this email address to accept');
    await page.goto(mailbox.firstUrl({ ...mail, text: mail.text.slice(mail.text.indexOf('Sign up:')) }));
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Register' });
    await expect(form.getByLabel('Email')).toHaveValue(address);
    await form.getByLabel('Name').fill(newcomer.name);
    await form.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await form.getByLabel('Confirm Password').fill(newcomer.password);
    await form.getByLabel('Political Alignment').selectOption('Independent');
    await form.getByLabel('State').selectOption(home.state);
    await form.getByLabel('District').selectOption(String(home.district));
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registration submitted' })).toBeVisible();
  });

  await test.step('confirming the address lands on My Caucuses with the invitation, which they accept', async () => {
    const confirm = await mailbox.waitForMessage(address, { subject: 'Confirm your email' });
    await page.goto(mailbox.firstUrl(confirm));
    await expect(page).toHaveURL(/\/my-caucuses/);
    const invitation = page.getByRole('list', { name: 'Voting member invitations' }).getByRole('listitem').filter({ hasText: caucusName });
    await expect(invitation).toContainText(`From Olga Emailing ${tag}`);
    await checkA11y(page);
    await invitation.getByRole('button', { name: `Accept invitation to ${caucusName}` }).click();
    await expect(toast(page, 'Invitation accepted')).toContainText(`You are now a voting member of ${caucusName}.`);
  });

  await test.step('the organizer sees the invitation accepted', async () => {
    await organizer.page.goto(`/caucus/${caucus.id}`);
    const row = organizer.page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: newcomer.name });
    await expect(row).toContainText('Accepted');
    await expect(organizer.page.getByRole('list', { name: 'Invitations' })).not.toContainText(literal(address));
  });
  await context.close();
});
