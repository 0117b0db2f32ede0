/** A sanctioned oEmbed provider: the URLs it serves, and its endpoint. */
export interface OembedProvider {
  /** Matches the URLs of the provider's content. */
  pattern: RegExp;
  /** The provider's oEmbed endpoint; `{format}` in it becomes `json`. */
  endpoint: string;
}

/**
 * Some of WordPress 6.1's sanctioned providers (`WP_oEmbed::$providers`): their endpoints are
 * used without discovery, and their HTML is trusted as it is.
 */
export const DEFAULT_OEMBED_PROVIDERS: readonly OembedProvider[] = [
  { pattern: /^https?:\/\/((m|www)\.)?youtube\.com\/watch.*/i, endpoint: 'https://www.youtube.com/oembed' },
  { pattern: /^https?:\/\/((m|www)\.)?youtube\.com\/playlist.*/i, endpoint: 'https://www.youtube.com/oembed' },
  { pattern: /^https?:\/\/((m|www)\.)?youtube\.com\/shorts\/*/i, endpoint: 'https://www.youtube.com/oembed' },
  { pattern: /^https?:\/\/youtu\.be\/.*/i, endpoint: 'https://www.youtube.com/oembed' },
  { pattern: /^https?:\/\/(.+\.)?vimeo\.com\/.*/i, endpoint: 'https://vimeo.com/api/oembed.{format}' },
  { pattern: /^https?:\/\/(www\.)?dailymotion\.com\/.*/i, endpoint: 'https://www.dailymotion.com/services/oembed' },
  { pattern: /^https?:\/\/dai\.ly\/.*/i, endpoint: 'https://www.dailymotion.com/services/oembed' },
  { pattern: /^https?:\/\/(www\.)?flickr\.com\/.*/i, endpoint: 'https://www.flickr.com/services/oembed/' },
  { pattern: /^https?:\/\/flic\.kr\/.*/i, endpoint: 'https://www.flickr.com/services/oembed/' },
  { pattern: /^https?:\/\/wordpress\.tv\/.*/i, endpoint: 'https://wordpress.tv/oembed/' },
  { pattern: /^https?:\/\/(www\.)?soundcloud\.com\/.*/i, endpoint: 'https://soundcloud.com/oembed' },
  { pattern: /^https?:\/\/(open|play)\.spotify\.com\/.*/i, endpoint: 'https://embed.spotify.com/oembed/' },
  { pattern: /^https?:\/\/(www\.)?mixcloud\.com\/.*/i, endpoint: 'https://www.mixcloud.com/oembed' },
  { pattern: /^https?:\/\/(www\.|embed\.)?ted\.com\/talks\/.*/i, endpoint: 'https://www.ted.com/services/v1/oembed.{format}' },
  { pattern: /^https?:\/\/(www\.)?reddit\.com\/r\/[^/]+\/comments\/.*/i, endpoint: 'https://www.reddit.com/oembed' },
  { pattern: /^https?:\/\/(www\.)?tiktok\.com\/.*\/video\/.*/i, endpoint: 'https://www.tiktok.com/oembed' },
  { pattern: /^https?:\/\/(www\.)?speakerdeck\.com\/.*/i, endpoint: 'https://speakerdeck.com/oembed.{format}' },
  { pattern: /^https?:\/\/pca\.st\/.+/i, endpoint: 'https://pca.st/oembed.json' },
];

/** The endpoint of the first sanctioned provider serving a URL (`WP_oEmbed::get_provider` without discovery), or null. */
export function sanctionedEndpoint(providers: readonly OembedProvider[], url: string): string | null {
  // `search` leaves a global pattern's `lastIndex` as it found it.
  const provider = providers.find(({ pattern }) => url.search(pattern) !== -1);
  return provider ? provider.endpoint.replaceAll('{format}', 'json') : null;
}
