import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { MarkdownRenderer } from '../posts/markdown/markdown-renderer';
import { newsletterEmail, postEmailBody, type EmailContext } from './newsletter-message';
import { RawEmailTemplate } from './newsletter-raw-email';

const CONTEXT: EmailContext = {
  publicUrl: 'https://blog.example',
  fromAddress: 'letters@blog.example',
  unsubscribeMailto: 'leave@blog.example',
};

/** Lines longer than quoted-printable's 76, trailing spaces, '=' signs, and text that is not ASCII. */
const CONTENT = [
  `Déjà vu, naïve café: ${'a long line with = signs and spaces '.repeat(6)}`,
  '',
  'Ends with spaces   ',
  '',
  '日本語のテキスト、そして emoji 🎉 at the end of a very long line that must be wrapped somewhere.',
  '',
  '```',
  'code  with  trailing tab\t',
  '```',
].join('\n');

function body(footer: string | null) {
  return postEmailBody(
    {
      postId: '01a223bc-370a-7c0e-af4b-5004e9e38b5e',
      listId: '01a223bc-370a-7c0e-af4b-5004e9e38b5f',
      title: 'Ça va? A subject that is long enough to be folded over more than one header line',
      content: CONTENT,
      updatedAt: '2026-11-28T12:00:00.000Z',
      authorName: 'Zoë',
      listName: 'Zoë’s "letters"',
      settings: { newsletterName: null, senderName: 'Zoë Ünïcode', replyTo: 'zoe@blog.example', footer },
    },
    new MarkdownRenderer().render(CONTENT, 1).html,
    CONTEXT,
  );
}

/** What nodemailer itself composes for the reader: the copy the raw one must read as. */
async function composed(footer: string | null, to: string, token: string): Promise<ParsedMail> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await composer.sendMail(newsletterEmail(body(footer), to, token, CONTEXT));
  return simpleParser(info.message);
}

const headerLine = (mail: ParsedMail, key: string) => mail.headerLines.find((line) => line.key === key)?.line;

const sameReading = (mail: ParsedMail) => ({
  from: mail.from?.value,
  to: mail.to && !Array.isArray(mail.to) ? mail.to.value : undefined,
  replyTo: mail.replyTo?.value,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  listId: headerLine(mail, 'list-id'),
  listUnsubscribe: headerLine(mail, 'list-unsubscribe'),
  listUnsubscribePost: headerLine(mail, 'list-unsubscribe-post'),
});

describe("a post's email encoded once (decision 92)", () => {
  for (const footer of [null, 'Written in Zoë’s kitchen.']) {
    it(`reads as nodemailer's own composition for each reader${footer ? ', with a footer' : ''}`, async () => {
      const template = await RawEmailTemplate.of(body(footer), CONTEXT);
      for (const [to, token] of [
        ['ada@example.com', 'token-1.abc'],
        ['bo+news@example.org', 'token/2=+'],
      ] as const) {
        const raw = template.for(to, token);
        expect(raw?.envelope).toEqual({ from: CONTEXT.fromAddress, to: [to] });
        const mail = await simpleParser(raw!.raw);
        expect(sameReading(mail)).toEqual(sameReading(await composed(footer, to, token)));
        expect(mail.messageId).toMatch(/^<[0-9a-f-]+@blog\.example>$/);
        expect(mail.date).toBeInstanceOf(Date);
        expect(headerLine(mail, 'list-id')).toMatch(
          /^List-ID: .+ <01a223bc-370a-7c0e-af4b-5004e9e38b5f\.list-id\.blog\.example>$/s,
        );
        // Every line within SMTP's limit, and CRLF only.
        expect(
          raw!.raw.split('\r\n').every((line) => line.length <= 78 || line.startsWith('List-Unsubscribe:')),
        ).toBe(true);
        expect(raw!.raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      }
    });
  }

  it('leaves an address it cannot write as it is to nodemailer', async () => {
    const template = await RawEmailTemplate.of(body(null), CONTEXT);
    expect(template.for('zoë@exämple.com', 'token')).toBeUndefined();
    expect(template.for('"odd name"@example.com', 'token')).toBeUndefined();
  });
});
