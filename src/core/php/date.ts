// PHP's `date()` as WordPress's date settings use it; SEOPress's and Yoast's date variables share it.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** PHP's `date()` for the format characters WordPress's date settings use; others are printed as they are, `\x` escapes x. */
export function phpDate(format: string, at: Date): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    const hours = at.getUTCHours();
    switch (c) {
      case 'd':
        out += pad(at.getUTCDate());
        break;
      case 'j':
        out += String(at.getUTCDate());
        break;
      case 'D':
        out += DAYS[at.getUTCDay()]!.slice(0, 3);
        break;
      case 'l':
        out += DAYS[at.getUTCDay()];
        break;
      case 'm':
        out += pad(at.getUTCMonth() + 1);
        break;
      case 'n':
        out += String(at.getUTCMonth() + 1);
        break;
      case 'F':
        out += MONTHS[at.getUTCMonth()];
        break;
      case 'M':
        out += MONTHS[at.getUTCMonth()]!.slice(0, 3);
        break;
      case 'Y':
        out += String(at.getUTCFullYear());
        break;
      case 'y':
        out += pad(at.getUTCFullYear() % 100);
        break;
      case 'H':
        out += pad(hours);
        break;
      case 'G':
        out += String(hours);
        break;
      case 'h':
        out += pad(hours % 12 || 12);
        break;
      case 'g':
        out += String(hours % 12 || 12);
        break;
      case 'i':
        out += pad(at.getUTCMinutes());
        break;
      case 's':
        out += pad(at.getUTCSeconds());
        break;
      case 'a':
        out += hours < 12 ? 'am' : 'pm';
        break;
      case 'A':
        out += hours < 12 ? 'AM' : 'PM';
        break;
      case '\\':
        i++;
        out += format[i] ?? '';
        break;
      default:
        out += c;
    }
  }
  return out;
}
