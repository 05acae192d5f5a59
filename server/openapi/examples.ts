import type { Account, Profile } from '../../contracts/auth';
import type { ApiKey } from '../../contracts/api-keys';
import type { ApiErrorBody } from '../../contracts/errors';
import type { Comment } from '../../contracts/comments';
import type { Post, ReadablePost } from '../../contracts/posts';
import type { Webhook } from '../../contracts/webhooks';

/*
 * Examples shown in the API reference. Typed as the contracts, and checked against the declared
 * schemas by tests/api/openapi.test.ts, so they cannot show a shape the API never answers.
 */

const author = {
  id: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  username: 'Ada Lovelace',
  handle: 'ada_lovelace',
};

export const examplePost: Post = {
  id: '019ab3c4-8e21-7c3a-b1d2-3e4f5a6b7c8d',
  title: 'Notes on the Analytical Engine',
  content: 'The engine **weaves algebraic patterns** just as the Jacquard loom weaves flowers.',
  createdAt: '2026-11-24T09:12:03.000Z',
  updatedAt: '2026-11-24T09:12:03.000Z',
  status: 'published',
  publishedAt: '2026-11-24T09:12:03.000Z',
  version: 1,
  readingMinutes: 1,
  cover: null,
  slug: 'notes-on-the-analytical-engine',
  metaTitle: null,
  metaDescription: null,
  socialImage: null,
  canonicalUrl: null,
  authorId: author.id,
  author,
  authors: [author],
  tags: ['computing', 'history'],
  tagLabels: ['computing', 'history'],
  commentCount: 2,
  favoriteCount: 5,
  publication: { slug: 'ada', name: 'Ada', personal: true, domain: null },
};

export const exampleReadablePost: ReadablePost = {
  ...examplePost,
  contentHtml:
    '<p>The engine <strong>weaves algebraic patterns</strong> just as the Jacquard loom weaves flowers.</p>',
  imageUrl: null,
  series: null,
  socialLikes: 3,
  socialReposts: 1,
};

export const exampleComment: Comment = {
  id: '019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
  postId: examplePost.id,
  body: 'Which note covers the Bernoulli numbers?',
  bodyHtml: '<p>Which note covers the Bernoulli numbers?</p>',
  createdAt: '2026-11-24T10:01:44.000Z',
  author: { id: '019ab3c4-6f70-7a81-9b2c-3d4e5f6a7b8c', username: 'Charles', handle: 'charles' },
  parentId: null,
  editedAt: null,
  deleted: false,
  anchor: null,
  replies: [],
};

export const exampleProfile: Profile = {
  id: author.id,
  username: author.username,
  handle: 'ada_lovelace',
  createdAt: '2026-11-01T08:00:00.000Z',
  postCount: 12,
  followerCount: 340,
  followingCount: 18,
  bio: 'Writing about engines and what they might compose.',
  image: null,
  picture: null,
  links: {
    website: { url: 'https://ada.example.com', label: 'ada.example.com' },
    elsewhere: [
      { url: 'https://mastodon.social/@ada', label: '@ada@mastodon.social' },
      { url: 'https://github.com/ada', label: 'GitHub' },
    ],
  },
  pinnedPost: null,
};

export const exampleAccount: Account = {
  id: author.id,
  username: author.username,
  handle: 'ada_lovelace',
  email: 'ada@example.com',
  bio: exampleProfile.bio,
  image: null,
  picture: null,
  links: exampleProfile.links,
  isOperator: false,
};

export const exampleApiKey: ApiKey = {
  id: '019ab3c6-1b2c-7d3e-8f4a-5b6c7d8e9f0a',
  name: 'Static site build',
  scope: 'read',
  hint: 'ink_Q3v9Zk',
  createdAt: '2026-11-20T12:00:00.000Z',
  expiresAt: '2027-02-18T12:00:00.000Z',
  lastUsedAt: '2026-11-24T06:30:00.000Z',
};

export const exampleWebhook: Webhook = {
  id: '019ab3c6-2c3d-7e4f-8a5b-6c7d8e9f0a1b',
  url: 'https://hooks.example.com/inkwell',
  events: ['post.published', 'comment.created'],
  active: true,
  createdAt: '2026-11-20T12:05:00.000Z',
};

export const exampleError: ApiErrorBody = {
  message: 'Title is required',
  errors: { title: ['Title is required'] },
};

/** Request bodies, by route: what a first call could send. */
export const exampleBodies = {
  signUp: { username: 'Ada Lovelace', email: 'ada@example.com', password: 'a long passphrase' },
  signIn: { email: 'ada@example.com', password: 'a long passphrase' },
  writePost: {
    title: 'Notes on the Analytical Engine',
    content: 'The engine **weaves algebraic patterns**.',
    tags: ['computing', 'history'],
  },
  comment: { postId: examplePost.id, body: 'Which note covers the Bernoulli numbers?' },
  createApiKey: { name: 'Static site build', scope: 'read', expiresInDays: 90 },
  createWebhook: { url: 'https://hooks.example.com/inkwell', events: ['post.published'] },
};
