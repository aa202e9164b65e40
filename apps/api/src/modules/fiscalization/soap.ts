/** The namespaces and the time format of the fiscalization messages (XSD-F), shared by every message. */
export const NS_EFIS = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eFiskalizacija';
export const NS_EIZV = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eIzvjestavanje';
export const NS_SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';

/**
 * `datumVrijemeSlanja`: local time in Croatia with exactly four fraction digits and no zone
 * (pattern `YYYY-MM-DDThh:mm:ss.ffff`, XSD-F).
 */
export function sendingTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zagreb', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const millis = String(at.getUTCMilliseconds()).padStart(3, '0');
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}.${millis}0`;
}

