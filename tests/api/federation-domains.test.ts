import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DomainStatus, Membership } from '../../contracts/publications';
import { startDnsServer } from './support/dns-server';
import {
  describeEachDatabase,
  handleOf,
  request,
  signUpUser,
  type ApiContext,
  type TestUser,
} from './support/harness';
import { createPublication } from './support/publications';

// A real DNS server on loopback answers the custom-domain checks.
const dns = await startDnsServer();
afterAll(() => dns.close());

const PUBLIC_URL = 'http://inkwell.test';
const BASE = 'sites.test';

interface Jrd {
  subject: string;
  aliases: string[];
  links: { rel: string; type?: string; href: string }[];
}

/** WebFinger asked of `host`, as Mastodon asks it. */
const webFinger = (ctx: ApiContext, host: string, resource: string) =>
  request<Jrd & { message?: string }>(ctx, {
    method: 'GET',
    url: `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
    headers: { host, accept: 'application/jrd+json' },
  });

/** Claimed, its record published and checked by the owner: verified and served. */
async function verifiedDomain(ctx: ApiContext, owner: TestUser, slug: string, domain: string) {
  const claimed = await request<{ response: DomainStatus }>(ctx, {
    method: 'PUT',
    url: `/api/publications/${slug}/domain`,
    token: owner.token,
    payload: { domain },
  });
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  dns.txt.set(`_inkwell-challenge.${domain}`, [[claimed.body.response.record.value]]);
  const verified = await request<{ response: DomainStatus }>(ctx, {
    method: 'POST',
    url: `/api/publications/${slug}/domain/verify`,
    token: owner.token,
  });
  expect(verified.body.response.state).toBe('verified');
}

const self = (jrd: Jrd) => jrd.links.find((link) => link.rel === 'self')?.href;

describeEachDatabase(
  "the social web at publications' own domains: WebFinger there, for that publication only",
  (ctx) => {
    let owner: TestUser;
    let other: TestUser;
    const team = `team-wf-${ctx.dialect}`;
    const teamDomain = `letters-${ctx.dialect}.example`;
    let teamId: string;
    let blogSlug: string;
    const blogDomain = `own-${ctx.dialect}.example`;

    beforeAll(async () => {
      owner = await signUpUser(ctx);
      other = await signUpUser(ctx);
      teamId = (await createPublication(ctx, owner, team)).id;
      await verifiedDomain(ctx, owner, team, teamDomain);
      const mine = await request<{ response: Membership[] }>(ctx, {
        method: 'GET',
        url: '/api/user/publications',
        token: other.token,
      });
      blogSlug =
        mine.body.response.find((membership) => membership.publication.personal)?.publication.slug ?? '';
      expect(blogSlug).not.toBe('');
      await verifiedDomain(ctx, other, blogSlug, blogDomain);
    });

    it('answers acct:slug@domain at the domain with the publication’s actor, whose id stays on the main site', async () => {
      const answer = await webFinger(ctx, teamDomain, `acct:${team}@${teamDomain}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/jrd\+json/);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.body.subject).toBe(`acct:${team}@${teamDomain}`);
      expect(self(answer.body)).toBe(`${PUBLIC_URL}/ap/publications/${teamId}`);
      expect(answer.body.aliases).toContain(`acct:${team}@inkwell.test`);
      // Asked in another case, as people type it: the same account.
      const typed = await webFinger(
        ctx,
        teamDomain.toUpperCase(),
        `acct:${team.toUpperCase()}@${teamDomain}`,
      );
      expect(typed.status).toBe(200);
      expect(typed.body.subject).toBe(`acct:${team}@${teamDomain}`);

      // The actor is the one the main site serves: Mastodon follows the same id either way.
      const actor = await request<{ id: string; preferredUsername: string }>(ctx, {
        method: 'GET',
        url: `/ap/publications/${teamId}`,
        headers: { accept: 'application/activity+json' },
      });
      expect(actor.body).toMatchObject({ id: self(answer.body), preferredUsername: team });
    });

    it('names the domain in the main site’s answer too, so Mastodon shows @slug@domain', async () => {
      const main = await webFinger(ctx, 'inkwell.test', `acct:${team}@inkwell.test`);
      expect(main.status, JSON.stringify(main.body)).toBe(200);
      expect(main.body.subject).toBe(`acct:${team}@${teamDomain}`);
      expect(main.body.aliases).toContain(`acct:${team}@inkwell.test`);
      expect(self(main.body)).toBe(`${PUBLIC_URL}/ap/publications/${teamId}`);
    });

    it('answers a writer’s own blog at its domain with the writer', async () => {
      const answer = await webFinger(ctx, blogDomain, `acct:${blogSlug}@${blogDomain}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.subject).toBe(`acct:${blogSlug}@${blogDomain}`);
      expect(self(answer.body)).toBe(`${PUBLIC_URL}/ap/users/${other.id}`);
    });

    it('answers nobody else at a domain, and nothing at a host that is not a verified domain', async () => {
      const handle = await handleOf(ctx, owner.id);
      const refused: [string, string, number][] = [
        // Another account here, by its name at this domain or at the main site.
        [teamDomain, `acct:${handle}@${teamDomain}`, 404],
        [teamDomain, `acct:${blogSlug}@${teamDomain}`, 404],
        [teamDomain, `acct:${team}@inkwell.test`, 404],
        // This publication by another domain's name.
        [teamDomain, `acct:${team}@${blogDomain}`, 404],
        [blogDomain, `acct:${team}@${blogDomain}`, 404],
        // The main site knows nobody by a publication's domain.
        ['inkwell.test', `acct:${team}@${teamDomain}`, 404],
        // A sub-domain of BASE_DOMAIN is not a verified domain.
        [`${team}.${BASE}`, `acct:${team}@${team}.${BASE}`, 404],
        // Malformed: a 400, as on the main site.
        [teamDomain, 'acct:nobody', 400],
        [teamDomain, '', 400],
      ];
      for (const [host, resource, status] of refused) {
        const answer = await webFinger(ctx, host, resource);
        expect(answer.status, `${host} ${resource}`).toBe(status);
        expect(typeof answer.body.message).toBe('string');
      }
      // Its path on the main site is no way around the Host.
      const direct = await request(ctx, {
        method: 'GET',
        url: `/pub/${team}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${team}@${teamDomain}`)}`,
        headers: { host: 'inkwell.test' },
      });
      expect(direct.status).toBe(404);
    });
  },
  { config: { publicUrl: PUBLIC_URL, baseDomain: BASE, dnsResolvers: [dns.address] } },
);
