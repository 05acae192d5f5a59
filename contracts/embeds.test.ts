import { describe, expect, it } from 'vitest';
import { embedFrameOrigin, recognizeEmbed } from './embeds';

describe('recognizeEmbed (decision 81)', () => {
  it('recognizes each provider’s addresses, however written, and gives one page and one frame', () => {
    for (const address of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'http://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(recognizeEmbed(address), address).toEqual({
        provider: 'youtube',
        id: 'dQw4w9WgXcQ',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        frameSrc: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      });
    }
    expect(recognizeEmbed('https://vimeo.com/76979871')).toMatchObject({
      provider: 'vimeo',
      url: 'https://vimeo.com/76979871',
      frameSrc: 'https://player.vimeo.com/video/76979871?dnt=1',
    });
    expect(recognizeEmbed('https://vimeo.com/76979871/abcdef1234')?.frameSrc).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&h=abcdef1234',
    );
    expect(recognizeEmbed('https://codepen.io/someone/pen/abcXYZ')).toMatchObject({
      provider: 'codepen',
      frameSrc: 'https://codepen.io/someone/embed/abcXYZ?default-tab=result',
    });
    expect(recognizeEmbed('https://gist.github.com/octocat/6cad326836d38bd3a7ae')).toMatchObject({
      provider: 'gist',
      frameSrc: 'https://gist.github.com/octocat/6cad326836d38bd3a7ae.pibb',
    });
    expect(
      recognizeEmbed('https://bsky.app/profile/did:plc:z72i7hdynmk6r22z27h6tvur/post/3l6oveex3ii2l'),
    ).toMatchObject({
      provider: 'bluesky',
      frameSrc:
        'https://embed.bsky.app/embed/did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3l6oveex3ii2l',
    });
    expect(recognizeEmbed('https://mastodon.social/@Gargron/109421234567890123')).toEqual({
      provider: 'mastodon',
      id: '109421234567890123',
      url: 'https://mastodon.social/@Gargron/109421234567890123',
      frameSrc: 'https://mastodon.social/@Gargron/109421234567890123/embed',
    });
  });

  it('gives a Bluesky post named by its author’s handle no frame: that needs a network call', () => {
    expect(recognizeEmbed('https://bsky.app/profile/alice.bsky.social/post/3l6oveex3ii2l')).toMatchObject({
      provider: 'bluesky',
      url: 'https://bsky.app/profile/alice.bsky.social/post/3l6oveex3ii2l',
      frameSrc: null,
    });
  });

  it('leaves look-alike hosts, other schemes and malformed ids as links', () => {
    for (const address of [
      'javascript:alert(1)//https://youtu.be/dQw4w9WgXcQ',
      'JaVaScRiPt://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'data:text/html,https://youtu.be/dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
      'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXc"onload=x',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
      'https://vimeo.com.evil.example/76979871',
      'https://codepen.io/someone/pen/abc"><script>',
      'https://gist.github.com/octocat/not-hex',
      'https://gist.github.com.evil.example/octocat/6cad326836d38bd3a7ae',
      'https://bsky.app.evil.example/profile/did:plc:x/post/3l6oveex3ii2l',
      'https://bsky.app/profile/did:plc:x/post/a"b',
      // A Mastodon address's shape on a host that is an address, local, or over plain http.
      'https://127.0.0.1/@user/123',
      'https://localhost/@user/123',
      'http://mastodon.social/@Gargron/1',
      'https://mastodon.social/@Gargron/1?x=1',
      'https://mastodon.social/@Gar"gron/1',
      'https://example.com/article',
      'not an address',
    ]) {
      expect(recognizeEmbed(address), address).toBeNull();
    }
  });

  it('names the origin a page’s CSP must let frames come from', () => {
    expect(embedFrameOrigin(recognizeEmbed('https://youtu.be/dQw4w9WgXcQ')!)).toBe(
      'https://www.youtube-nocookie.com',
    );
    expect(embedFrameOrigin(recognizeEmbed('https://fosstodon.org/@someone/11')!)).toBe(
      'https://fosstodon.org',
    );
    expect(embedFrameOrigin(recognizeEmbed('https://bsky.app/profile/a.example/post/3l6o')!)).toBeNull();
  });
});
