import { lazyModule } from '../lazy/lazy-module';

// node:net is not part of Node's start-up snapshot (loading it takes ~5 ms), and only the ip
// formats need it.
const loadNet = lazyModule(() => require('node:net') as typeof import('node:net'));

/** Days in each month of a (possibly leap) year. */
function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[zZ]|[+-](\d{2}):(\d{2}))?$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

function isTime(value: string, requireZone: boolean): boolean {
  const m = TIME.exec(value);
  if (m === null) return false;
  if (requireZone && !/(?:[zZ]|[+-]\d{2}:\d{2})$/.test(value)) return false;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const zoneOk = m[4] === undefined || (Number(m[4]) <= 23 && Number(m[5]) <= 59);
  return h <= 23 && min <= 59 && s <= 60 && zoneOk;
}

function isDateTime(value: string): boolean {
  const split = value.search(/[tT ]/);
  return split === 10 && isDate(value.slice(0, 10)) && isTime(value.slice(11), true);
}

/**
 * The string formats checked locally (JSON Schema names). OpenAI's strict mode accepts the same
 * names; formats not listed here are accepted without a check.
 *
 * @internal
 */
export const STRING_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  'date-time': isDateTime,
  date: isDate,
  time: (v) => isTime(v, false),
  duration: (v) => /^P(?!$)(\d+(?:\.\d+)?Y)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?W)?(\d+(?:\.\d+)?D)?(T(?=\d)(\d+(?:\.\d+)?H)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?S)?)?$/.test(v),
  email: (v) => /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(v),
  hostname: (v) => v.length <= 253 && /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/.test(v),
  ipv4: (v) => loadNet().isIP(v) === 4,
  ipv6: (v) => loadNet().isIP(v) === 6,
  uuid: (v) => /^(?:urn:uuid:)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(v),
  uri: (v) => /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(v),
  url: (v) => /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s]+$/.test(v),
  'uri-reference': (v) => !/\s/.test(v),
  regex: (v) => {
    try {
      new RegExp(v, 'u');
      return true;
    } catch {
      return false;
    }
  },
};
