import type { Activity, Article, Create, CryptographicKey, Document, Note } from '@fedify/vocab';
import type { Comment } from '../../../contracts/comments';
import type { ActorKeyPair } from './actor-keys';
import escapeHtml from 'escape-html';
import type { Profile } from '../../../contracts/auth';
import {
  actorCollectionPath,
  commentObjectPath,
  NODEINFO_PATH,
  NODEINFO_SCHEMA,
  postObjectPath,
  publicationActorPath,
  SHARED_INBOX_PATH,
  splitAccountName,
  writerActorPath,
  type ActorCollection,
} from '../../../contracts/federation';
import { handleSchema } from '../../../contracts/handles';
import { isUuid } from '../../../contracts/ids';
import type { Page, Post } from '../../../contracts/posts';
import { metaDescription } from '../../../contracts/preview';
import { isSlugShaped, type Publication } from '../../../contracts/publications';
import { publicationSiteUrl, sitePostPath } from '../../../contracts/publication-url';
import { postPagePath, profilePagePath, tagPagePath } from '../../../contracts/site';
import { badRequest, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { MarkdownRenderer } from '../posts/markdown/markdown-renderer';
import { decodeTimeCursor, type TimePageRequest } from '../posts/paging';
import type { PublicationRow } from '../publications/publications-repository';
import { instant, loadFedify, loadVocab } from './fedify';
import type { FederationRepository, OutboxScope } from './federation-repository';
import type { FederationPostsRepository } from './federation-posts-repository';
import type { FollowersRepository } from './followers-repository';
import type { FollowingRepository } from './following-repository';
import type { SentCommentsRepository } from './sent-comments-repository';

export const ACTOR_NOT_FOUND_MESSAGE = 'No such account here';
export const OBJECT_NOT_FOUND_MESSAGE = 'No such post here';
export const COMMENT_OBJECT_NOT_FOUND_MESSAGE = 'No such reply here';
export const RESOURCE_REQUIRED_MESSAGE = 'resource is required: acct:handle@host or an address on this site';
export const RESOURCE_MALFORMED_MESSAGE = 'resource must be acct:handle@host or an http(s) address';

/** How many activities one page of an outbox holds. */
export const OUTBOX_PAGE_SIZE = 20;

/** The heading level a post's body starts under, as on the read page (its h1 is the title). */
const POST_HEADING_BASE = 1;
/** An edit within a minute of publishing is the same publication (the web app's "edited" rule). */
const EDITED_AFTER_MS = 60_000;
/** Mastodon shows four media attachments at most and drops the rest: the cover first, then the body's. */
const MAX_ATTACHMENTS = 4;

/** What the social web may ask for by name: a writer, or a team's publication. */
export type LocalActor =
  { kind: 'writer'; id: string; handle: string } | { kind: 'publication'; id: string; slug: string };

/** One JSON-LD document, ready to send. */
export type ActivityDocument = Record<string, unknown>;

/** An activity about a post, from the actor whose key signs it, for that actor's followers. */
export interface PostActivity {
  actorPath: string;
  id: string;
  document: ActivityDocument;
}

/** A post's Article, or the Tombstone of one its followers were told is deleted (410 Gone). */
export type ArticleAnswer = { status: 200 | 410; document: ActivityDocument };

/** What the writers' actors are made from: the profile as anonymous readers see it. */
export interface ProfileReader {
  profile(userId: string, viewer: null): Promise<Profile>;
  profileByHandle(handle: string, viewer: null): Promise<Profile>;
}

/** A publication's row by its address or id, and the answer the API shows for it. */
export interface PublicationReader {
  findBySlug(slug: string): Promise<PublicationRow | undefined>;
  findById(id: string): Promise<PublicationRow | undefined>;
  toPublication(row: PublicationRow): Publication;
}

/** Posts as anonymous readers see them. */
export interface PostReader {
  get(id: string, viewer: null): Promise<Post>;
  listByPublication(
    publication: { id: string; personalUserId: string | null },
    page: TimePageRequest,
    viewer: null,
  ): Promise<Page<Post>>;
}

/** A comment as anonymous readers see it: 404 when hidden, withheld, deleted or under a post they cannot read. */
export interface CommentReader {
  get(id: string, viewer: null): Promise<Comment>;
}

/** A writer's reply as a Note: the comment, and whom it answers there. */
export interface ReplyNote {
  commentId: string;
  postId: string;
  writerId: string;
  body: string;
  createdAt: string;
  editedAt: string | null;
  /** The remote Note it answers. */
  inReplyTo: string;
  to: { actorId: string; handle: string; profileUrl: string | null };
}

/** Each actor's key pair, made on first need (actor-keys.ts). */
export interface KeyPairs {
  keyPairOf(actorPath: string): Promise<ActorKeyPair>;
}

export interface FederationServiceOptions {
  /** config.publicUrl: every id and link is built on it, never on a request's Host. */
  publicUrl: string;
  baseDomain: string | undefined;
  /** Inkwell's version, for NodeInfo. */
  version: string;
}

/** A WebFinger answer (RFC 7033's JRD). */
export interface WebFingerAnswer {
  subject: string;
  aliases: string[];
  links: { rel: string; type?: string; href: string }[];
}

/**
 * The social web's documents (docs/decisions/0070-activitypub-on-fedify-parts.md): WebFinger,
 * NodeInfo, actors, posts as Articles and the actors' collections. Objects are @fedify/vocab's and
 * their JSON-LD is its; what is ours is which account, publication or post a request names and
 * what of it the public may see, read through the services that own them.
 */
export class FederationService {
  private readonly host: string;
  private readonly hostname: string;

  private readonly repository: FederationRepository;
  private readonly profiles: ProfileReader;
  private readonly publications: PublicationReader;
  private readonly posts: PostReader;
  private readonly markdown: MarkdownRenderer;
  private readonly keys: KeyPairs;
  private readonly followers: Pick<FollowersRepository, 'count'> &
    Partial<Pick<FollowersRepository, 'approvesFollowers'>>;
  private readonly following: Pick<FollowingRepository, 'countAccepted'> | undefined;
  private readonly sentPosts: Pick<FederationPostsRepository, 'find'> | undefined;
  private readonly sentComments: Pick<SentCommentsRepository, 'find'> | undefined;
  private readonly comments: CommentReader | undefined;
  private readonly options: FederationServiceOptions;

  constructor(deps: {
    repository: FederationRepository;
    profiles: ProfileReader;
    publications: PublicationReader;
    posts: PostReader;
    markdown: MarkdownRenderer;
    keys: KeyPairs;
    /** Remote followers, counted with the local ones; whether the writer approves them by hand. */
    followers: Pick<FollowersRepository, 'count'> & Partial<Pick<FollowersRepository, 'approvesFollowers'>>;
    /** Accounts elsewhere a writer follows (decision 0090), counted in their `following`. */
    following?: Pick<FollowingRepository, 'countAccepted'>;
    /** What followers were told of each post: a post they were sent a Delete of is a Tombstone. */
    sentPosts?: Pick<FederationPostsRepository, 'find'>;
    /** A writer's replies that went out (decision 0084's addendum), answered at /ap/comments/{id}. */
    sentComments?: Pick<SentCommentsRepository, 'find'>;
    comments?: CommentReader;
    options: FederationServiceOptions;
  }) {
    ({
      repository: this.repository,
      profiles: this.profiles,
      publications: this.publications,
      posts: this.posts,
      markdown: this.markdown,
      keys: this.keys,
      followers: this.followers,
      following: this.following,
      sentPosts: this.sentPosts,
      sentComments: this.sentComments,
      comments: this.comments,
      options: this.options,
    } = deps);
    const url = new URL(deps.options.publicUrl);
    this.host = url.host.toLowerCase();
    this.hostname = url.hostname.toLowerCase();
  }

  private url(path: string): URL {
    return new URL(`${this.options.publicUrl}${path}`);
  }

  // ---- WebFinger ----

  /**
   * The actor a WebFinger `resource` names: `acct:handle@host` (a writer), `acct:slug@host` (a team's
   * publication, or a writer's own blog, which is the writer), or the address of an actor or a
   * profile here. A resource that cannot be one of those is a 400; one that names nobody here a 404.
   */
  async webFinger(resource: string | undefined): Promise<WebFingerAnswer> {
    if (resource === undefined || resource.trim() === '')
      throw badRequest(RESOURCE_REQUIRED_MESSAGE, { resource: [RESOURCE_REQUIRED_MESSAGE] });
    const named = this.parseResource(resource.trim());
    const actor =
      named.kind === 'acct' ? await this.actorByName(named.user) : await this.actorByAddress(named.url);
    if (!actor) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
    const canonical = `acct:${actor.kind === 'writer' ? actor.handle : actor.slug}@${this.host}`;
    // A team publication on its own verified domain is known by it there (decision 0084's
    // addendum): the subject names it, and Mastodon, asking the domain in turn, shows @slug@domain.
    const onDomain = actor.kind === 'publication' ? await this.domainAccount(actor.id) : undefined;
    const subject = onDomain ?? (named.kind === 'acct' ? named.subject : canonical);
    const asked = named.kind === 'acct' ? named.subject : canonical;
    return this.jrd(actor, subject, [asked, canonical]);
  }

  /**
   * WebFinger at a publication's own verified domain (decision 0084's addendum): there,
   * `acct:slug@domain` names that publication (a team's Group, or for a writer's own blog the
   * writer) and nobody else; any other account, and any other host, is a 404. `host` is the
   * request's Host, whose name must be the publication's verified domain.
   */
  async webFingerOnSite(slug: string, host: string, resource: string | undefined): Promise<WebFingerAnswer> {
    if (resource === undefined || resource.trim() === '')
      throw badRequest(RESOURCE_REQUIRED_MESSAGE, { resource: [RESOURCE_REQUIRED_MESSAGE] });
    const row = isSlugShaped(slug.toLowerCase())
      ? await this.publications.findBySlug(slug.toLowerCase())
      : undefined;
    if (!row?.verified_domain || row.verified_domain !== host) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
    const siteHost = new URL(
      publicationSiteUrl(this.options, { slug: row.slug, domain: row.verified_domain }),
    ).host;
    const named = this.parseResource(resource.trim(), [siteHost, row.verified_domain]);
    const actor: LocalActor | undefined =
      row.personal_user_id !== null
        ? await this.writerById(row.personal_user_id)
        : { kind: 'publication', id: row.id, slug: row.slug };
    const actorUrl = actor && this.url(this.actorPath(actor)).href;
    const names =
      named.kind === 'acct'
        ? named.user === row.slug
        : named.url.href === actorUrl ||
          named.url.href ===
            `${publicationSiteUrl(this.options, { slug: row.slug, domain: row.verified_domain })}/`;
    if (!actor || !names) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
    const subject = `acct:${row.slug}@${siteHost}`;
    const canonical = `acct:${actor.kind === 'writer' ? actor.handle : actor.slug}@${this.host}`;
    return this.jrd(actor, subject, [canonical]);
  }

  /** `acct:slug@domain` of a team publication with a verified domain of its own; else undefined. */
  private async domainAccount(publicationId: string): Promise<string | undefined> {
    const row = await this.publications.findById(publicationId);
    if (!row?.verified_domain) return undefined;
    const site = new URL(publicationSiteUrl(this.options, { slug: row.slug, domain: row.verified_domain }));
    return `acct:${row.slug}@${site.host}`;
  }

  /** The JRD: the subject, the actor's id and page (and other names of it), and the links. */
  private async jrd(actor: LocalActor, subject: string, otherNames: string[]): Promise<WebFingerAnswer> {
    const actorUrl = this.url(this.actorPath(actor)).href;
    const page = await this.pageOf(actor);
    return {
      // Mastodon checks it: the account asked for, as asked (folded to its stored case), or the
      // name the actor is known by, which it then asks for in turn.
      subject,
      aliases: [...new Set([actorUrl, page, ...otherNames])].filter((alias) => alias !== subject),
      links: [
        { rel: 'self', type: 'application/activity+json', href: actorUrl },
        { rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: page },
      ],
    };
  }

  /** `hosts`: the names an `acct:` may be at here; the main site's unless said. */
  private parseResource(
    resource: string,
    hosts: string[] = [this.host, this.hostname],
  ): { kind: 'acct'; user: string; subject: string } | { kind: 'url'; url: URL } {
    const malformed = () =>
      badRequest(RESOURCE_MALFORMED_MESSAGE, { resource: [RESOURCE_MALFORMED_MESSAGE] });
    if (/^acct:/i.test(resource)) {
      let account: string;
      try {
        account = decodeURIComponent(resource.slice('acct:'.length)).replace(/^@/, '');
      } catch {
        throw malformed();
      }
      const name = splitAccountName(account);
      if (!name) throw malformed();
      const { user, host } = name;
      // Another server's account is nobody here.
      if (!hosts.includes(host)) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
      const folded = user.normalize('NFKC').toLowerCase();
      return { kind: 'acct', user: folded, subject: `acct:${folded}@${hosts[0] ?? this.host}` };
    }
    let url: URL;
    try {
      url = new URL(resource);
    } catch {
      throw malformed();
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw malformed();
    return { kind: 'url', url };
  }

  /** A writer's handle first; otherwise a publication's address (a writer's own blog is the writer). */
  private async actorByName(name: string): Promise<LocalActor | undefined> {
    const handle = handleSchema.safeParse(name);
    if (handle.success) {
      const writer = await this.writerByHandle(handle.data);
      if (writer) return writer;
    }
    const row = await this.publications.findBySlug(name);
    if (!row) return undefined;
    if (row.personal_user_id !== null) return this.writerById(row.personal_user_id);
    return { kind: 'publication', id: row.id, slug: row.slug };
  }

  private async actorByAddress(url: URL): Promise<LocalActor | undefined> {
    if (url.origin !== new URL(this.options.publicUrl).origin) return undefined;
    const path = decodeURIComponent(url.pathname);
    const writer = /^\/ap\/users\/([^/]+)$/.exec(path)?.[1];
    if (writer !== undefined) return this.writerById(writer);
    const publication = /^\/ap\/publications\/([^/]+)$/.exec(path)?.[1];
    if (publication !== undefined) return this.teamPublication(publication);
    const handle = /^\/@([^/]+)$/.exec(path)?.[1];
    if (handle !== undefined) {
      const parsed = handleSchema.safeParse(handle);
      return parsed.success ? this.writerByHandle(parsed.data) : undefined;
    }
    const userId = path === '/profile' ? url.searchParams.get('userId') : null;
    return userId === null ? undefined : this.writerById(userId);
  }

  private async writerByHandle(handle: string): Promise<LocalActor | undefined> {
    const profile = await this.profiles.profileByHandle(handle, null).catch(notFoundAsUndefined);
    return profile?.handle ? { kind: 'writer', id: profile.id, handle: profile.handle } : undefined;
  }

  private async writerById(id: string): Promise<LocalActor | undefined> {
    if (!isUuid(id)) return undefined;
    const profile = await this.profiles.profile(id, null).catch(notFoundAsUndefined);
    return profile?.handle ? { kind: 'writer', id: profile.id, handle: profile.handle } : undefined;
  }

  private async teamPublication(id: string): Promise<LocalActor | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.publications.findById(id);
    return row && row.personal_user_id === null
      ? { kind: 'publication', id: row.id, slug: row.slug }
      : undefined;
  }

  private actorPath(actor: LocalActor): string {
    return actor.kind === 'writer' ? writerActorPath(actor.id) : publicationActorPath(actor.id);
  }

  private async pageOf(actor: LocalActor): Promise<string> {
    if (actor.kind === 'writer')
      return this.url(profilePagePath({ id: actor.id, handle: actor.handle })).href;
    const row = await this.publications.findById(actor.id);
    if (!row) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
    return this.publications.toPublication(row).url;
  }

  // ---- NodeInfo ----

  nodeInfoLinks(): { links: { rel: string; href: string }[] } {
    return { links: [{ rel: NODEINFO_SCHEMA, href: this.url(NODEINFO_PATH).href }] };
  }

  /** NodeInfo 2.1 with the instance's own figures (counted on each request; it is asked rarely). */
  async nodeInfo(now = new Date()): Promise<Record<string, unknown>> {
    const figures = await this.repository.instanceFigures(now);
    const { nodeInfoToJson } = await loadFedify();
    return nodeInfoToJson({
      software: {
        name: 'inkwell',
        version: this.options.version,
        homepage: new URL(this.options.publicUrl),
      },
      protocols: ['activitypub'],
      services: { inbound: [], outbound: ['atom1.0', 'rss2.0'] },
      // Anyone may sign up (specification §3); there is no invitation-only mode.
      openRegistrations: true,
      usage: {
        users: {
          total: figures.users,
          activeMonth: figures.activeMonth,
          activeHalfyear: figures.activeHalfyear,
        },
        localPosts: figures.posts,
        localComments: figures.comments,
      },
      metadata: { nodeName: new URL(this.options.publicUrl).host },
    }) as Record<string, unknown>;
  }

  // ---- Actors ----

  /** A writer's actor by the account's id; 404 for suspended accounts and those without a handle. */
  async writerActor(userId: string): Promise<ActivityDocument> {
    const profile = await this.requireWriter(userId);
    return this.personOf(profile);
  }

  /** The same actor by handle (the /@handle page's address, negotiated). */
  async writerActorByHandle(typed: string): Promise<ActivityDocument> {
    const handle = handleSchema.safeParse(typed);
    const actor = handle.success ? await this.writerByHandle(handle.data) : undefined;
    if (!actor) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
    return this.writerActor(actor.id);
  }

  private async requireWriter(userId: string): Promise<Profile & { handle: string }> {
    const profile = isUuid(userId)
      ? await this.profiles.profile(userId, null).catch(notFoundAsUndefined)
      : undefined;
    if (!profile || profile.handle === null) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
    return { ...profile, handle: profile.handle };
  }

  private async personOf(profile: Profile & { handle: string }): Promise<ActivityDocument> {
    const { Person, Image } = await loadVocab();
    const path = writerActorPath(profile.id);
    const picture = profile.picture ? this.url(profile.picture.url) : safeUrl(profile.image);
    const person = new Person({
      id: this.url(path),
      preferredUsername: profile.handle,
      name: profile.username,
      // HTML, as Mastodon reads it: the bio is plain text, so it is escaped and kept in paragraphs.
      summary: profile.bio ? textToHtml(profile.bio) : null,
      url: this.url(profilePagePath(profile)),
      icon: picture ? new Image({ url: picture }) : null,
      published: await instant(profile.createdAt),
      ...(await this.actorEndpoints(path)),
      publicKey: await this.publicKeyOf(path),
      // Mastodon shows a lock and sends follow requests (decision 0084).
      manuallyApprovesFollowers: (await this.followers.approvesFollowers?.(profile.id)) ?? false,
      discoverable: true,
      indexable: true,
    });
    return (await person.toJsonLd()) as ActivityDocument;
  }

  /** A team publication's actor, a Group; a writer's own blog is the writer's actor, not one. */
  async publicationActor(publicationId: string): Promise<ActivityDocument> {
    const row = isUuid(publicationId) ? await this.publications.findById(publicationId) : undefined;
    if (!row || row.personal_user_id !== null) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
    const publication = this.publications.toPublication(row);
    const { Group, Image } = await loadVocab();
    const path = publicationActorPath(row.id);
    const group = new Group({
      id: this.url(path),
      preferredUsername: row.slug,
      name: publication.name,
      summary: publication.description ? textToHtml(publication.description) : null,
      url: new URL(publication.url),
      icon: publication.logoUrl ? new Image({ url: this.url(publication.logoUrl) }) : null,
      published: await instant(publication.createdAt),
      ...(await this.actorEndpoints(path)),
      publicKey: await this.publicKeyOf(path),
      manuallyApprovesFollowers: false,
      discoverable: true,
      indexable: true,
    });
    return (await group.toJsonLd()) as ActivityDocument;
  }

  /** The actor's key as its document publishes it: `{id: actor#main-key, owner, publicKeyPem}`. */
  private async publicKeyOf(path: string): Promise<CryptographicKey> {
    const { CryptographicKey } = await loadVocab();
    const owner = this.url(path);
    return new CryptographicKey({
      id: new URL(`${owner.href}#main-key`),
      owner,
      publicKey: (await this.keys.keyPairOf(path)).publicKey,
    });
  }

  private async actorEndpoints(path: string) {
    const { Endpoints } = await loadVocab();
    const collection = (name: ActorCollection) => this.url(actorCollectionPath(path, name));
    return {
      inbox: collection('inbox'),
      outbox: collection('outbox'),
      followers: collection('followers'),
      following: collection('following'),
      endpoints: new Endpoints({ sharedInbox: this.url(SHARED_INBOX_PATH) }),
    };
  }

  // ---- Posts ----

  /** A post as an Article, if the public can read it; drafts, scheduled and hidden posts are 404s. */
  async article(postId: string): Promise<ActivityDocument> {
    const post = await this.readablePost(postId);
    return (await (await this.articleOf(post)).toJsonLd()) as ActivityDocument;
  }

  /**
   * The Article, or for a post whose followers were sent a Delete (deleted, unpublished, hidden)
   * a Tombstone with 410 Gone, which Mastodon reads as "deleted" where a 404 may be a glitch.
   */
  async articleOrTombstone(postId: string): Promise<ArticleAnswer> {
    try {
      return { status: 200, document: await this.article(postId) };
    } catch (error) {
      const sent = isUuid(postId) ? await this.sentPosts?.find(postId) : undefined;
      if (notFoundAsUndefined(error) === undefined && sent?.state === 'deleted') {
        const { Tombstone } = await loadVocab();
        const tombstone = new Tombstone({ id: this.url(postObjectPath(postId)) });
        return { status: 410, document: (await tombstone.toJsonLd()) as ActivityDocument };
      }
      throw error;
    }
  }

  /**
   * A post as its followers get it, Create or Update: the same Article the outbox and the post's
   * address answer, from the same actor; undefined when the public may not read the post.
   */
  /**
   * The actor a post the public can read goes out from (its path); undefined for a post the public
   * cannot read or with no actor to come from. Loads none of Fedify: most writers have no followers
   * on other servers, and their posts need no activity built.
   */
  async postActor(postId: string): Promise<string | undefined> {
    const post = await this.readablePost(postId).catch(notFoundAsUndefined);
    return post && this.postActorPath(post).catch(notFoundAsUndefined);
  }

  async postActivity(postId: string, type: 'Create' | 'Update'): Promise<PostActivity | undefined> {
    const post = await this.readablePost(postId).catch(notFoundAsUndefined);
    if (!post) return undefined;
    const actorPath = await this.postActorPath(post).catch(notFoundAsUndefined);
    if (actorPath === undefined) return undefined;
    let activity;
    if (type === 'Create') {
      activity = await this.createOf(post, actorPath);
    } else {
      const { Update } = await loadVocab();
      activity = new Update({
        id: new URL(`${this.url(postObjectPath(post.id)).href}#updates/${uuidv7()}`),
        ...(await this.addressedFrom(actorPath)),
        object: await this.articleOf(post, actorPath),
        published: await instant(post.updatedAt),
      });
    }
    return this.postActivityOf(actorPath, activity);
  }

  /** Delete(Tombstone) of a post, from the actor followers had it from (the post may be gone). */
  async deleteActivity(postId: string, actorPath: string, now: string): Promise<PostActivity> {
    const { Delete, Tombstone } = await loadVocab();
    const object = this.url(postObjectPath(postId));
    const activity = new Delete({
      id: new URL(`${object.href}#deletes/${uuidv7()}`),
      ...(await this.addressedFrom(actorPath)),
      object: new Tombstone({ id: object, deleted: await instant(now) }),
    });
    return this.postActivityOf(actorPath, activity);
  }

  /**
   * A writer's answer to a remote comment, as Mastodon threads and notifies it (decision 0084):
   * `Create(Note)` from the writer's actor, `inReplyTo` the remote Note, addressed to the Public
   * collection and the remote author, whom a `Mention` tag (and a leading mention in the text, as
   * Mastodon writes one) names. Its content is the comment's sanitized HTML with absolute addresses.
   */
  async replyActivity(reply: ReplyNote): Promise<PostActivity> {
    const { Create, PUBLIC_COLLECTION } = await loadVocab();
    const note = await this.replyNote(reply);
    const actorPath = writerActorPath(reply.writerId);
    const activity = new Create({
      id: new URL(`${this.url(commentObjectPath(reply.commentId)).href}#create`),
      actor: this.url(actorPath),
      to: PUBLIC_COLLECTION,
      cc: new URL(reply.to.actorId),
      object: note,
      published: note.published,
    });
    return this.postActivityOf(actorPath, activity);
  }

  /**
   * The writer edited a reply that went out (decision 0084's addendum): `Update(Note)` with the
   * Note as it is now, from the same actor to the same people. Mastodon updates a Note in place.
   */
  async replyUpdateActivity(reply: ReplyNote): Promise<PostActivity> {
    const { Update, PUBLIC_COLLECTION } = await loadVocab();
    const note = await this.replyNote(reply);
    const actorPath = writerActorPath(reply.writerId);
    const activity = new Update({
      id: new URL(`${this.url(commentObjectPath(reply.commentId)).href}#updates/${uuidv7()}`),
      actor: this.url(actorPath),
      to: PUBLIC_COLLECTION,
      cc: new URL(reply.to.actorId),
      object: note,
      published: note.updated ?? note.published,
    });
    return this.postActivityOf(actorPath, activity);
  }

  /** A reply that went out is gone: `Delete(Tombstone)` from its actor to the same people. */
  async replyDeleteActivity(sent: {
    commentId: string;
    actor: string;
    recipient: string;
    now: string;
  }): Promise<PostActivity> {
    const { Delete, Tombstone, PUBLIC_COLLECTION } = await loadVocab();
    const object = this.url(commentObjectPath(sent.commentId));
    const activity = new Delete({
      id: new URL(`${object.href}#deletes/${uuidv7()}`),
      actor: this.url(sent.actor),
      to: PUBLIC_COLLECTION,
      cc: new URL(sent.recipient),
      object: new Tombstone({ id: object, deleted: await instant(sent.now) }),
    });
    return this.postActivityOf(sent.actor, activity);
  }

  /** The Note a reply is, in its Create, its Update and at its own address. */
  private async replyNote(reply: ReplyNote): Promise<Note> {
    const { Mention, Note, PUBLIC_COLLECTION } = await loadVocab();
    const actorPath = writerActorPath(reply.writerId);
    const recipient = new URL(reply.to.actorId);
    const html = this.markdown.render(reply.body, 2, this.options.publicUrl).html;
    const mention = `<p><span class="h-card"><a href="${escapeHtml(reply.to.profileUrl ?? reply.to.actorId)}" class="u-url mention">${escapeHtml(reply.to.handle)}</a></span></p>`;
    return new Note({
      id: this.url(commentObjectPath(reply.commentId)),
      attribution: this.url(actorPath),
      replyTarget: new URL(reply.inReplyTo),
      content: `${mention}${html}`,
      mediaType: 'text/html',
      // Where people read it: the post's discussion.
      url: new URL(`${this.url(postPagePath(reply.postId)).href}#discussion`),
      published: await instant(reply.createdAt),
      updated: reply.editedAt === null ? null : await instant(reply.editedAt),
      to: PUBLIC_COLLECTION,
      cc: recipient,
      tags: [new Mention({ href: recipient, name: reply.to.handle })],
    });
  }

  /**
   * `/ap/comments/{id}` (decision 0084's addendum): the Note of a writer's reply that went out to
   * the social web, while the public can read it and its post; a Tombstone (410) once its Delete
   * went; 404 for any other comment, a hidden one, or one under a post the public cannot read.
   */
  async commentNote(commentId: string): Promise<ArticleAnswer> {
    const sent = isUuid(commentId) ? await this.sentComments?.find(commentId) : undefined;
    if (!sent) throw notFound(COMMENT_OBJECT_NOT_FOUND_MESSAGE);
    if (sent.deletedAt !== null) {
      const { Tombstone } = await loadVocab();
      const tombstone = new Tombstone({
        id: this.url(commentObjectPath(commentId)),
        deleted: await instant(sent.deletedAt),
      });
      return { status: 410, document: (await tombstone.toJsonLd()) as ActivityDocument };
    }
    const comment = await this.comments?.get(commentId, null).catch(notFoundAsUndefined);
    const writerId = /^\/ap\/users\/(.+)$/.exec(sent.actor)?.[1];
    if (!comment || comment.author === null || writerId === undefined || comment.author.id !== writerId)
      throw notFound(COMMENT_OBJECT_NOT_FOUND_MESSAGE);
    // The post's own rule (its Article's): a draft, scheduled, hidden or deleted post has no replies.
    const post = await this.readablePost(comment.postId).catch(notFoundAsUndefined);
    if (!post || !(await this.existsAt(sent.actor))) throw notFound(COMMENT_OBJECT_NOT_FOUND_MESSAGE);
    const note = await this.replyNote({
      commentId,
      postId: comment.postId,
      writerId,
      body: comment.body,
      createdAt: comment.createdAt,
      editedAt: comment.editedAt,
      inReplyTo: sent.inReplyTo,
      to: sent.recipient,
    });
    return { status: 200, document: (await note.toJsonLd()) as ActivityDocument };
  }

  /** An activity about a post goes from its actor to the Public collection and the followers. */
  private async addressedFrom(actorPath: string) {
    const { PUBLIC_COLLECTION } = await loadVocab();
    return {
      actor: this.url(actorPath),
      to: PUBLIC_COLLECTION,
      cc: this.url(actorCollectionPath(actorPath, 'followers')),
    };
  }

  private async postActivityOf(actorPath: string, activity: Activity): Promise<PostActivity> {
    return {
      actorPath,
      id: activity.id?.href ?? '',
      document: (await activity.toJsonLd()) as ActivityDocument,
    };
  }

  private async readablePost(postId: string): Promise<Post> {
    const post = isUuid(postId) ? await this.posts.get(postId, null).catch(notFoundAsUndefined) : undefined;
    if (!post || post.status !== 'published') throw notFound(OBJECT_NOT_FOUND_MESSAGE);
    return post;
  }

  /** The actor a post goes out from: its team publication's, or its writer's for their own blog. */
  private async postActorPath(post: Post): Promise<string> {
    if (post.publication && !post.publication.personal) {
      const row = await this.publications.findBySlug(post.publication.slug);
      if (row) return publicationActorPath(row.id);
    }
    // A former member's post has no actor to come from.
    if (post.author.handle === null) throw notFound(OBJECT_NOT_FOUND_MESSAGE);
    return writerActorPath(post.authorId);
  }

  private async articleOf(post: Post, actorPath?: string): Promise<Article> {
    const from = actorPath ?? (await this.postActorPath(post));
    const published = post.publishedAt ?? post.createdAt;
    const edited = Date.parse(post.updatedAt) - Date.parse(published) > EDITED_AFTER_MS;
    const cover = post.cover ? this.url(post.cover.url) : null;
    const html = this.markdown.render(post.content, POST_HEADING_BASE, this.options.publicUrl).html;
    const { Article, Document, Hashtag, Image, PUBLIC_COLLECTION } = await loadVocab();
    // What Mastodon shows under the post: it reads `attachment`, not `image`.
    const attachments: Document[] = [];
    if (cover && post.cover) {
      attachments.push(
        new Document({
          url: cover,
          mediaType: 'image/webp',
          width: post.cover.width,
          height: post.cover.height,
        }),
      );
    }
    for (const picture of picturesIn(html)) {
      if (attachments.length >= MAX_ATTACHMENTS) break;
      if (picture.url.href === cover?.href) continue;
      attachments.push(new Document({ url: picture.url, name: picture.alt }));
    }
    return new Article({
      id: this.url(postObjectPath(post.id)),
      attribution: this.url(from),
      name: post.title,
      // The read page's HTML, sanitized there, with every address made absolute for other servers.
      content: html,
      mediaType: 'text/html',
      summary: metaDescription(post.content) || null,
      url: new URL(this.postUrl(post)),
      published: await instant(published),
      updated: edited ? await instant(post.updatedAt) : null,
      to: PUBLIC_COLLECTION,
      cc: this.url(actorCollectionPath(from, 'followers')),
      tags: post.tags.flatMap((tag, index) => {
        const name = hashtagName(post.tagLabels[index] ?? tag);
        return name ? [new Hashtag({ name, href: this.url(tagPagePath(tag)) })] : [];
      }),
      image:
        cover && post.cover
          ? new Image({
              url: cover,
              mediaType: 'image/webp',
              width: post.cover.width,
              height: post.cover.height,
            })
          : null,
      attachments,
    });
  }

  /** Where people read the post: its publication's own domain when verified, else the read page. */
  private postUrl(post: Post): string {
    if (post.publication?.domain) {
      return `${publicationSiteUrl(this.options, post.publication)}${sitePostPath(post)}`;
    }
    return this.url(postPagePath(post.id)).href;
  }

  // ---- Collections ----

  /** What an actor's collections are about: a writer or a team publication, checked to exist. */
  async collectionOwner(actor: { kind: 'writer' | 'publication'; id: string }): Promise<{
    path: string;
    outbox: OutboxScope;
    followers: number;
    following: number;
  }> {
    if (actor.kind === 'writer') {
      const profile = await this.requireWriter(actor.id);
      const path = writerActorPath(profile.id);
      return {
        path,
        outbox: { publicationId: profile.id, personalUserId: profile.id },
        // The accounts here that follow the writer are actors too, counted with the remote ones.
        followers: profile.followerCount + (await this.followers.count(path)),
        following: profile.followingCount + ((await this.following?.countAccepted(profile.id)) ?? 0),
      };
    }
    const row = isUuid(actor.id) ? await this.publications.findById(actor.id) : undefined;
    if (!row || row.personal_user_id !== null) throw notFound(ACTOR_NOT_FOUND_MESSAGE);
    const path = publicationActorPath(row.id);
    return {
      path,
      outbox: { publicationId: row.id, personalUserId: null },
      followers: await this.followers.count(path),
      following: 0,
    };
  }

  /** Whether the actor at a path (/ap/users/{id}, /ap/publications/{id}) still exists. */
  async existsAt(path: string): Promise<boolean> {
    const match = /^\/ap\/(users|publications)\/([^/]+)$/.exec(path);
    const id = match?.[2];
    if (!match || id === undefined) return false;
    return this.exists({ kind: match[1] === 'users' ? 'writer' : 'publication', id });
  }

  /** Whether a local actor exists: the inbox acts only for these. */
  async exists(actor: { kind: 'writer' | 'publication'; id: string }): Promise<boolean> {
    const found =
      actor.kind === 'writer' ? await this.writerById(actor.id) : await this.teamPublication(actor.id);
    return found !== undefined;
  }

  /** Followers or following: the count is public, the list is not (it is the writer's to see). */
  async countOnlyCollection(
    actor: { kind: 'writer' | 'publication'; id: string },
    which: 'followers' | 'following',
  ): Promise<ActivityDocument> {
    const owner = await this.collectionOwner(actor);
    const { OrderedCollection } = await loadVocab();
    const collection = new OrderedCollection({
      id: this.url(actorCollectionPath(owner.path, which)),
      totalItems: which === 'followers' ? owner.followers : owner.following,
    });
    return (await collection.toJsonLd()) as ActivityDocument;
  }

  /**
   * The outbox: an OrderedCollection of Create(Article), newest first, in pages of
   * OUTBOX_PAGE_SIZE walked by the same keyset cursors as the API's lists.
   */
  async outbox(
    actor: { kind: 'writer' | 'publication'; id: string },
    query: { page?: string | undefined; cursor?: string | undefined },
    now = new Date(),
  ): Promise<ActivityDocument> {
    const owner = await this.collectionOwner(actor);
    const { OrderedCollection, OrderedCollectionPage } = await loadVocab();
    const outboxUrl = this.url(actorCollectionPath(owner.path, 'outbox'));
    if (query.page === undefined && query.cursor === undefined) {
      const collection = new OrderedCollection({
        id: outboxUrl,
        totalItems: await this.repository.outboxSize(owner.outbox, now),
        first: new URL(`${outboxUrl.href}?page=true`),
      });
      return (await collection.toJsonLd()) as ActivityDocument;
    }
    const after = query.cursor === undefined ? null : decodeTimeCursor(query.cursor);
    const page = await this.posts.listByPublication(
      { id: owner.outbox.publicationId, personalUserId: owner.outbox.personalUserId },
      { limit: OUTBOX_PAGE_SIZE, after, now: now.toISOString() },
      null,
    );
    const pageUrl = new URL(outboxUrl.href);
    pageUrl.searchParams.set('page', 'true');
    if (query.cursor !== undefined) pageUrl.searchParams.set('cursor', query.cursor);
    const next =
      page.nextCursor === null
        ? null
        : new URL(`${outboxUrl.href}?page=true&cursor=${encodeURIComponent(page.nextCursor)}`);
    const items = await Promise.all(page.response.map((post) => this.createOf(post, owner.path)));
    const collectionPage = new OrderedCollectionPage({
      id: pageUrl,
      partOf: outboxUrl,
      items,
      next,
    });
    return (await collectionPage.toJsonLd()) as ActivityDocument;
  }

  private async createOf(post: Post, actorPath: string): Promise<Create> {
    const article = await this.articleOf(post, actorPath);
    const { Create } = await loadVocab();
    return new Create({
      id: new URL(`${this.url(postObjectPath(post.id)).href}#create`),
      ...(await this.addressedFrom(actorPath)),
      object: article,
      published: article.published,
    });
  }
}

function notFoundAsUndefined(error: unknown): undefined {
  if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) return undefined;
  throw error;
}

/** Plain text as HTML paragraphs: escaped, a blank line a new paragraph, a line break a <br>. */
function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A topic as a Mastodon hashtag: `#` and the label's letters, digits and `_` ("Machine Learning" is
 * #MachineLearning, as Mastodon would write it); a label with none of them has no hashtag.
 */
function hashtagName(label: string): string | undefined {
  const word = label.replace(/[^\p{L}\p{N}_]/gu, '');
  return word === '' ? undefined : `#${word}`;
}

/**
 * The pictures of a post's HTML, as sanitize-html wrote it (double-quoted attributes, absolute
 * addresses): their address and alternative text, each once, in order. Only http(s) addresses.
 */
function picturesIn(html: string): { url: URL; alt: string | null }[] {
  const seen = new Set<string>();
  const pictures: { url: URL; alt: string | null }[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
    const url = safeUrl(unescapeAttribute(/\ssrc="([^"]*)"/.exec(tag)?.[1] ?? null));
    if (!url || seen.has(url.href)) continue;
    seen.add(url.href);
    const alt = unescapeAttribute(/\salt="([^"]*)"/.exec(tag)?.[1] ?? null);
    pictures.push({ url, alt: alt === '' ? null : alt });
  }
  return pictures;
}

function unescapeAttribute(value: string | null): string | null {
  if (value === null) return null;
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A picture address typed by its owner: only http(s), which other servers can fetch. */
function safeUrl(address: string | null): URL | undefined {
  if (address === null) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
