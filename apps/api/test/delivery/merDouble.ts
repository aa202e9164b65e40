import type { IncomingHttpHeaders } from 'node:http';
import { validateEInvoice } from '../einvoice/validate';
import { HttpsDouble } from '../fiscalization/httpsDouble';
import type { TestIdentity } from '../fiscalization/pki';

/**
 * A double of moj-eRačun's API v2 (manual.moj-eracun.hr, "API specification") over HTTPS with a
 * certificate of the test CA: `GET /apis/v2/Ping/`, `POST /apis/v2/send`, `POST /apis/v2/queryOutbox`,
 * each with the request and answer shapes of the manual. It checks the five identifying fields
 * against its one account, parses the UBL sent in `File` and validates it with the project's own
 * validators (UBL XSD, EN 16931, HR CIUS), keeps each document it accepted with an ElectronicId and
 * a status the test moves on (`deliver`, `reject`), and can refuse every document (`refuseAll`),
 * answer 500 (`failing`) or go down (`stop`).
 */
export interface MerAccount {
  username: string;
  password: string;
  companyId: string;
  softwareId: string;
}

export interface MerDocument {
  electronicId: number;
  xml: string;
  statusId: number;
  statusName: string;
  documentNr: string;
}

const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value), contentType: 'application/json; charset=utf-8' });

export class MerDouble extends HttpsDouble {
  readonly documents: MerDocument[] = [];
  readonly requests: { path: string; body: string }[] = [];
  failing = false;
  refuseAll: string | null = null;
  /** Skip the (slow) validation of the UBL, for tests about something else. */
  validate = true;
  private nextId = 3239400;

  constructor(tls: TestIdentity, readonly account: MerAccount) {
    super(tls);
  }

  get url(): string {
    return `https://localhost:${this.port}`;
  }

  deliver(electronicId: number): void {
    this.move(electronicId, 40, 'Dostavljen');
  }

  reject(electronicId: number, reason = 'Odbijen'): void {
    this.move(electronicId, 45, reason);
  }

  private move(electronicId: number, statusId: number, statusName: string): void {
    const document = this.documents.find((d) => d.electronicId === electronicId);
    if (!document) throw new Error(`no document ${electronicId}`);
    document.statusId = statusId;
    document.statusName = statusName;
  }

  protected async handle(body: string, headers: IncomingHttpHeaders, path: string) {
    this.requests.push({ path, body });
    if (this.failing) return json(500, { Message: 'An error has occurred.' });
    if (path.replace(/\/+$/, '') === '/apis/v2/Ping') return json(200, { Status: 'ok', Message: 'Service is up' });
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return json(400, { Error: 'The request is not JSON' });
    }
    if (!String(headers['content-type'] ?? '').startsWith('application/json')) return json(415, { Error: 'content-type must be application/json' });
    const a = this.account;
    if (String(request.Username) !== a.username || request.Password !== a.password) return json(401, { Error: 'Username or password is not correct' });
    if (request.CompanyId !== a.companyId) return json(403, { Error: 'Company is not registered on Moj-eRačun service' });
    if (request.SoftwareId !== a.softwareId) return json(403, { Error: 'SoftwareId is not valid' });

    if (path === '/apis/v2/send') {
      const xml = request.File;
      if (typeof xml !== 'string' || !xml.startsWith('<?xml')) return json(400, { Error: 'File is not an XML document' });
      if (this.refuseAll) return json(400, { Error: this.refuseAll });
      if (this.validate) {
        const report = await validateEInvoice(xml);
        const failures = [...report.xsd, ...report.en16931, ...report.hrCius];
        if (failures.length > 0) return json(400, { Error: `Document validation failed: ${failures.join('; ')}` });
      }
      const documentNr = /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(xml)?.[1] ?? '';
      const document: MerDocument = { electronicId: this.nextId++, xml, statusId: 30, statusName: 'Poslan', documentNr };
      this.documents.push(document);
      return json(200, this.answerOf(document));
    }
    if (path === '/apis/v2/queryOutbox') {
      const id = request.ElectronicId;
      const found = id === undefined ? this.documents : this.documents.filter((d) => d.electronicId === Number(id));
      return json(200, found.map((d) => this.answerOf(d)));
    }
    return json(404, { Error: 'Not found' });
  }

  private answerOf(d: MerDocument) {
    return {
      ElectronicId: d.electronicId,
      DocumentNr: d.documentNr,
      DocumentTypeId: 1,
      DocumentTypeName: 'Račun',
      StatusId: d.statusId,
      StatusName: d.statusName,
      RecipientBusinessNumber: '',
      RecipientBusinessUnit: '',
      RecipientBusinessName: '',
      Created: new Date().toISOString(),
      Sent: new Date().toISOString(),
      Delivered: d.statusId === 40 ? new Date().toISOString() : null,
    };
  }
}
