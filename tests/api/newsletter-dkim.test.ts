import { createHash, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { newsletterEmail, postEmailBody } from '../../server/modules/newsletters/newsletter-message';
import { PooledSmtpTransport } from '../../server/modules/newsletters/newsletter-transport';
import { MarkdownRenderer } from '../../server/modules/posts/markdown/markdown-renderer';
import { startMailSink } from './support/mail-sink';

/** A real SMTP server (smtp-server): the signature is checked on the message as it arrived. */
const sink = await startMailSink();
afterAll(() => sink.close());

/** Header fields in order, each with its folded lines, as DKIM reads them (RFC 6376 §3.4.2). */
function fieldsOf(head: string): string[] {
  const fields: string[] = [];
  for (const line of head.split('\r\n')) {
    if (line === '') continue;
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1] += `\r\n${line}`;
    else fields.push(line);
  }
  return fields;
}

const nameOf = (field: string) => field.slice(0, field.indexOf(':')).trim().toLowerCase();

/** The "relaxed" header canonicalization: name lower-cased, value unfolded, runs of blanks one space. */
const relaxedField = (field: string) =>
  `${nameOf(field)}:${field
    .slice(field.indexOf(':') + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()}`;

/** The "relaxed" body canonicalization: blanks folded, trailing blanks and empty lines gone. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

/**
 * Checks a message's DKIM-Signature as a receiving server would (relaxed/relaxed, rsa-sha256, the
 * key given instead of looked up in DNS): the body's hash, then the signature over the signed fields.
 */
function checkDkim(raw: string, publicKey: KeyObject) {
  const split = raw.indexOf('\r\n\r\n');
  const fields = fieldsOf(raw.slice(0, split));
  const signature = fields.find((field) => nameOf(field) === 'dkim-signature');
  if (!signature) return { signed: false as const };
  const tags = Object.fromEntries(
    signature
      .slice(signature.indexOf(':') + 1)
      .replace(/\s+/g, '')
      .split(';')
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf('=')), tag.slice(tag.indexOf('=') + 1)]),
  ) as Record<string, string>;
  const bodyHash = createHash('sha256')
    .update(relaxedBody(raw.slice(split + 4)), 'latin1')
    .digest('base64');
  // Each signed name takes the last field of that name not taken yet, from the bottom up.
  const used = new Set<number>();
  const signedFields = (tags.h ?? '')
    .split(':')
    .map((name) => {
      for (let index = fields.length - 1; index >= 0; index -= 1) {
        if (!used.has(index) && nameOf(fields[index]!) === name.toLowerCase()) {
          used.add(index);
          return `${relaxedField(fields[index]!)}\r\n`;
        }
      }
      return '';
    })
    .join('');
  const withoutB = relaxedField(signature).replace(/(;\s*b=)[^;]*/, '$1');
  const valid = verify(
    'sha256',
    Buffer.from(signedFields + withoutB, 'latin1'),
    publicKey,
    Buffer.from(tags.b ?? '', 'base64'),
  );
  return { signed: true as const, tags, bodyHashMatches: bodyHash === tags.bh, valid };
}

describe('newsletter emails signed with DKIM', () => {
  it('signs each email with the key from DKIM_* for its domain and selector; a changed body no longer verifies', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const config = loadConfig({
      DATA_DIR: '.tmp',
      PUBLIC_URL: 'https://letters.example',
      DKIM_DOMAIN: 'letters.example',
      DKIM_SELECTOR: 'ink2026',
      // Written on one line, as an environment file holds it.
      DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    });
    expect(config.newsletters.dkim).toMatchObject({ domainName: 'letters.example', keySelector: 'ink2026' });
    const context = {
      publicUrl: 'https://letters.example',
      fromAddress: 'news@letters.example',
      unsubscribeMailto: undefined,
    };
    const content = 'A signed letter, with **bold** words.\n\n    code   with   blanks   \n\nThe end.';
    const body = postEmailBody(
      {
        postId: '01a223bc-370a-7c0e-af4b-5004e9e38b5e',
        listId: 'list',
        title: 'Signed and sealed',
        content,
        updatedAt: '2026-11-29T12:00:00.000Z',
        authorName: 'Ada',
        listName: 'Letters',
        settings: { newsletterName: null, senderName: null, replyTo: 'ada@letters.example', footer: null },
      },
      new MarkdownRenderer().render(content, 1).html,
      context,
    );
    const transport = new PooledSmtpTransport(sink.url, 1, config.newsletters.dkim);
    const unsigned = new PooledSmtpTransport(sink.url, 1, undefined);
    try {
      await transport.send(newsletterEmail(body, 'reader@example.com', 'token.sig', context));
      await unsigned.send(newsletterEmail(body, 'other@example.com', 'token.sig', context));
    } finally {
      transport.close();
      unsigned.close();
    }
    const signed = sink.inbox.find((mail) => mail.to === 'reader@example.com');
    const plain = sink.inbox.find((mail) => mail.to === 'other@example.com');
    if (!signed || !plain) throw new Error('the emails did not arrive');

    const check = checkDkim(signed.raw, publicKey);
    expect(check).toMatchObject({ signed: true, bodyHashMatches: true, valid: true });
    if (!check.signed) return;
    expect(check.tags).toMatchObject({ d: 'letters.example', s: 'ink2026', a: 'rsa-sha256' });
    // The headers a receiver checks are signed: who it is from, its subject, the list headers.
    const signedNames = (check.tags.h ?? '').toLowerCase().split(':');
    for (const name of ['from', 'subject', 'to', 'list-unsubscribe', 'list-unsubscribe-post'])
      expect(signedNames).toContain(name);
    // Another key, or one changed word, and it no longer verifies.
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(checkDkim(signed.raw, other)).toMatchObject({ valid: false });
    expect(checkDkim(signed.raw.replace('signed letter', 'forged letter'), publicKey)).toMatchObject({
      bodyHashMatches: false,
    });
    // Without the configuration, nothing is signed.
    expect(checkDkim(plain.raw, publicKey)).toEqual({ signed: false });
  });
});
