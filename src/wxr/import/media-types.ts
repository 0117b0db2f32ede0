// An attachment's MIME type from its file's extension, as `wp_check_filetype` gives it from
// `wp_get_mime_types()` (the types WordPress allows to upload by default): a WXR file does not
// carry the type, and the file is not downloaded.

const TYPES: ReadonlyArray<[string[], string]> = [
  [['jpg', 'jpeg', 'jpe'], 'image/jpeg'],
  [['gif'], 'image/gif'],
  [['png'], 'image/png'],
  [['bmp'], 'image/bmp'],
  [['tiff', 'tif'], 'image/tiff'],
  [['webp'], 'image/webp'],
  [['avif'], 'image/avif'],
  [['ico'], 'image/x-icon'],
  [['heic'], 'image/heic'],
  [['asf', 'asx'], 'video/x-ms-asf'],
  [['wmv'], 'video/x-ms-wmv'],
  [['avi'], 'video/avi'],
  [['mov', 'qt'], 'video/quicktime'],
  [['mpeg', 'mpg', 'mpe'], 'video/mpeg'],
  [['mp4', 'm4v'], 'video/mp4'],
  [['ogv'], 'video/ogg'],
  [['webm'], 'video/webm'],
  [['mkv'], 'video/x-matroska'],
  [['3gp', '3gpp'], 'video/3gpp'],
  [['txt', 'asc', 'c', 'cc', 'h', 'srt'], 'text/plain'],
  [['csv'], 'text/csv'],
  [['vtt'], 'text/vtt'],
  [['mp3', 'm4a', 'm4b'], 'audio/mpeg'],
  [['aac'], 'audio/aac'],
  [['ra', 'ram'], 'audio/x-realaudio'],
  [['wav'], 'audio/wav'],
  [['ogg', 'oga'], 'audio/ogg'],
  [['flac'], 'audio/flac'],
  [['mid', 'midi'], 'audio/midi'],
  [['wma'], 'audio/x-ms-wma'],
  [['pdf'], 'application/pdf'],
  [['zip'], 'application/zip'],
  [['gz', 'gzip'], 'application/x-gzip'],
  [['doc'], 'application/msword'],
  [['docx'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  [['xls'], 'application/vnd.ms-excel'],
  [['xlsx'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  [['ppt'], 'application/vnd.ms-powerpoint'],
  [['pptx'], 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  [['odt'], 'application/vnd.oasis.opendocument.text'],
  [['rtf'], 'application/rtf'],
];

const BY_EXTENSION = new Map(TYPES.flatMap(([extensions, type]) => extensions.map((extension) => [extension, type] as const)));

/** The MIME type of the file a URL names, by its extension; empty when WordPress would not know it. */
export function mediaTypeOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const dot = path.lastIndexOf('.');
  if (dot < 0 || path.indexOf('/', dot) >= 0) return '';
  return BY_EXTENSION.get(path.slice(dot + 1).toLowerCase()) ?? '';
}
