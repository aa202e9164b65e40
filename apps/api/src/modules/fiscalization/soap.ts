/** The namespaces and the time format of the fiscalization messages (XSD-F), shared by every message. */
export const NS_EFIS = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eFiskalizacija';
export const NS_EIZV = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eIzvjestavanje';
export const NS_SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The calendar and clock of an instant in Croatia (Europe/Zagreb), each part zero-padded. */
export function zagrebTime(at: Date): { year: string; month: string; day: string; hour: string; minute: string; second: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zagreb', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/**
 * `datumVrijemeSlanja`: local time in Croatia with exactly four fraction digits and no zone
 * (pattern `YYYY-MM-DDThh:mm:ss.ffff`, XSD-F).
 */
export function sendingTime(at: Date): string {
  const t = zagrebTime(at);
  const millis = String(at.getUTCMilliseconds()).padStart(3, '0');
  return `${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute}:${t.second}.${millis}0`;
}
