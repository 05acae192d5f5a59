import { axeViolations } from './support/axe';
import { createUser, signInAs } from './support/api';
import { DESKTOP, PHONE, expect, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { publish, readPath } from './support/posts';
import { expectNoHorizontalScroll } from './support/screens';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results';

test('a writer invites a co-author, who accepts in their own session, and the byline names both', async ({
  newPage,
  serverURL,
}) => {
  // Three sessions and a dozen page loads: more than one page's worth of time.
  test.setTimeout(180_000);
  const first = await createUser(serverURL, 'Lead Writer');
  const second = await createUser(serverURL, 'Second Writer');
  const post = await publish(serverURL, first, { title: 'Written by two', content: 'Two voices, one post.' });

  // The first author, on a phone: the Authors section under the editor.
  const lead = await newPage({ viewport: PHONE, bypassCSP: true });
  await signInAs(lead, first);
  await lead.goto(`/updateblog?id=${post.id}`);
  await hydrated(lead);
  const authors = lead.getByRole('region', { name: 'Authors' });
  await expect(authors.getByRole('list', { name: 'Authors of this post' })).toContainText('First author');
  const field = authors.getByLabel('Invite a writer by handle or name');
  // An unknown writer is said beside the field; Enter sends the invitation, not the post.
  await field.fill('@nobody_writes_here');
  await field.press('Enter');
  await expect(authors.getByRole('alert')).toHaveText('No writer has this handle or name');
  await expect(lead).toHaveURL(/\/updateblog\?id=/);
  await field.fill(`@${second.handle}`);
  await field.press('Enter');
  await expect(authors.getByRole('status')).toHaveText(/is invited/);
  await expect(authors.getByText('Invited, not answered yet')).toBeVisible();
  await expect(field).toHaveValue('');
  expect(await axeViolations(lead)).toEqual([]);
  await expectNoHorizontalScroll(lead, PHONE.width);
  await authors.screenshot({ path: `${SHOTS}/coauthors-section-375.png` });
  await lead.close();

  // The invited writer, in their own session, in the dark: the bell leads to the invitation.
  const invited = await newPage({ viewport: DESKTOP, colorScheme: 'dark', bypassCSP: true });
  await signInAs(invited, second);
  await invited.goto('/notifications');
  await hydrated(invited);
  const line = invited.getByRole('link', { name: /invited you to co-write “Written by two”/ });
  await expect(line).toBeVisible();
  // By keyboard: the line is a link, Enter follows it.
  await line.focus();
  await invited.keyboard.press('Enter');
  await expect(invited).toHaveURL(/\/drafts/);
  const asked = invited.getByRole('region', { name: 'Asked to co-write' });
  await expect(asked).toContainText(`${first.username} invites you to co-write “Written by two”`);
  expect(await axeViolations(invited)).toEqual([]);
  await asked.screenshot({ path: `${SHOTS}/coauthor-invitations-wide-dark.png` });
  // Keyboard: Tab reaches Accept, Enter presses it; the post opens in the editor as theirs to edit.
  const accept = asked.getByRole('button', { name: /^Accept/ });
  await accept.focus();
  await invited.keyboard.press('Enter');
  await expect(invited).toHaveURL(new RegExp(`/updateblog\\?id=${post.id}`));
  await expect(invited.getByText(`You co-write this post with ${first.username}`)).toBeVisible();
  await expect(
    invited.getByRole('region', { name: 'Authors' }).getByRole('button', { name: 'Stop co-writing' }),
  ).toBeVisible();

  // A reader sees both names in the byline, each a link to their profile.
  const reader = await newPage({ viewport: PHONE, colorScheme: 'dark', bypassCSP: true });
  await reader.goto(readPath(post));
  await hydrated(reader);
  const byline = reader.locator('.post__author-line');
  await expect(byline).toContainText(`${first.username} and ${second.username}`);
  await expect(byline.getByRole('link', { name: second.username })).toHaveAttribute(
    'href',
    `/@${second.handle}`,
  );
  expect(await axeViolations(reader)).toEqual([]);
  await expectNoHorizontalScroll(reader, PHONE.width);
  await reader.screenshot({ path: `${SHOTS}/coauthors-byline-375-dark.png` });

  // And on the co-author's profile, the post is listed with both names.
  await reader.goto(`/@${second.handle}`);
  await hydrated(reader);
  await expect(reader.getByRole('heading', { name: 'Written by two' })).toBeVisible();
  await expect(reader.locator('.profile-post__byline').first()).toContainText(
    `${first.username} and ${second.username}`,
  );
});
