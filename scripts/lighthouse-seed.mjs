// The post `npm run lighthouse` audits: what a read page carries once readers have taken to it,
// a long article with 30 comments in its discussion and 5 passages marked with in-line comments.
// Made through the public API of the server under audit, as readers would make it.

const PARAGRAPHS = [
  'Slow reading is not reading slowly for its own sake. It is reading at the speed the text asks for, which is sometimes fast and sometimes not at all, and noticing which is which.',
  'Most of what we read on a screen is written to be skimmed. Headlines promise, the first paragraph delivers the promise, and everything after it is there for the few who stay. That is fine for news. It is a poor fit for an argument.',
  'An argument has a shape. It starts somewhere you already agree with and walks you, a step at a time, to somewhere you did not expect to be. Skip a step and the last one looks like a leap; read every step and it looks like the only way down.',
  'The first habit of a slow reader is to stop at the sentence that surprised them. Not to underline it and move on, but to ask what the writer needed you to believe for that sentence to be true.',
  'The second habit is to write in the margin. A note in the margin is a conversation with the writer, held in the only place where the writer cannot interrupt. It is also, years later, a conversation with the reader you used to be.',
  'Margins are where the best discussions have always happened. Medieval manuscripts carry centuries of them, one reader answering another, sometimes in a different language, sometimes in a different hand on the same page.',
  'A comment under a post is a letter to the editor. A comment in the margin is a hand raised in the middle of the lecture, pointing at the exact line that made the reader raise it. Both have their place; only one says precisely what it is about.',
  'The third habit is to read the conversation too. Other readers stop at other sentences. Where many of them stopped is where the text is doing its most work, or its least honest work, and either is worth knowing.',
  'None of this needs more time than we have. It needs a different kind of attention: the kind that treats a text as something someone made, on purpose, for you to think with.',
  'So read the next long post slowly. Stop where it surprises you, say so in the margin, and see who else stopped there.',
];

/** Five sentences of the article that readers comment on in the margin. */
const PASSAGES = [
  'It is reading at the speed the text asks for, which is sometimes fast and sometimes not at all, and noticing which is which.',
  'Skip a step and the last one looks like a leap; read every step and it looks like the only way down.',
  'A note in the margin is a conversation with the writer, held in the only place where the writer cannot interrupt.',
  'Both have their place; only one says precisely what it is about.',
  'It needs a different kind of attention: the kind that treats a text as something someone made, on purpose, for you to think with.',
];

const COMMENTS = [
  'This is the clearest case for reading slowly I have read in a while.',
  'I disagree a little: skimming is a skill too, and knowing **when** to skim is half of reading well.',
  'The part about margins made me dig out an old paperback of mine. The notes are embarrassing and wonderful.',
  'Would love a follow-up on how this works for technical writing, where the *shape* of an argument is often a proof.',
  'Saved for the weekend. Then read it right away anyway.',
];

async function call(origin, method, path, token, body) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function signUp(origin, username) {
  const email = `${username.toLowerCase().replace(/\W/g, '')}@lighthouse.example`;
  const answer = await call(origin, 'POST', '/api/user/signup', null, {
    username,
    email,
    password: 'a good password',
  });
  return { id: answer.userId, token: answer.jwt, username };
}

/** Publishes the post, discusses it and answers its read page's address (specification §2). */
export async function seedDiscussedPost(origin) {
  const author = await signUp(origin, 'Margin Writer');
  // Several readers: each stays within the per-person comment limit (20 in 10 minutes).
  const readers = [];
  for (const name of ['Ada Reader', 'Grace Reader', 'Alan Reader', 'Edsger Reader']) {
    readers.push(await signUp(origin, name));
  }
  const post = (
    await call(origin, 'POST', '/api/post/blog', author.token, {
      title: 'On slow reading, and the margins where it happens',
      content: PARAGRAPHS.join('\n\n'),
      tags: ['reading', 'writing'],
    })
  ).response;
  for (let index = 0; index < 30; index += 1) {
    const reader = readers[index % readers.length];
    const body = `${COMMENTS[index % COMMENTS.length]} (${index + 1})`;
    await call(origin, 'POST', '/api/post/comments', reader.token, { postId: post.id, body });
  }
  for (const [index, quote] of PASSAGES.entries()) {
    const reader = readers[index % readers.length];
    await call(origin, 'POST', '/api/post/comments', reader.token, {
      postId: post.id,
      body: COMMENTS[(index + 2) % COMMENTS.length],
      anchor: { quote, prefix: '', suffix: '' },
    });
  }
  return `/readblog?${new URLSearchParams({ id: post.id, name: author.username })}`;
}
