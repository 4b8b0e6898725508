import { describe, expect, it } from 'vitest';
import { isPlainLink, videoPlayerUrl } from './media.ts';

describe('video links', () => {
  it('turns YouTube links into the privacy-enhanced player', () => {
    expect(videoPlayerUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoPlayerUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoPlayerUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoPlayerUrl('https://www.youtube.com/watch?v=<bad>')).toBeNull();
    expect(videoPlayerUrl('https://www.youtube.com/channel/abc')).toBeNull();
  });

  it('turns Vimeo links into the Vimeo player', () => {
    expect(videoPlayerUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoPlayerUrl('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoPlayerUrl('https://vimeo.com/about')).toBeNull();
  });

  it('leaves other links alone', () => {
    expect(videoPlayerUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoPlayerUrl('javascript:alert(1)')).toBeNull();
    expect(videoPlayerUrl('not a url')).toBeNull();
  });

  it('knows a plain link from a named one', () => {
    expect(isPlainLink(' https://youtu.be/x/ ', 'https://youtu.be/x')).toBe(true);
    expect(isPlainLink('Watch the demo', 'https://youtu.be/x')).toBe(false);
  });
});
