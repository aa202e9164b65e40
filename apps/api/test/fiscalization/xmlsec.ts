import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NS_EFIS } from '../../src/modules/fiscalization/soap';
import { NS_XADES } from '../../src/modules/fiscalization/xades';

const NS_EIZV = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eIzvjestavanje';
const SIGNED = [
  `${NS_EFIS}:EvidentirajERacunZahtjev`,
  `${NS_EFIS}:EvidentirajERacunOdgovor`,
  `${NS_EIZV}:EvidentirajNaplatuZahtjev`,
  `${NS_EIZV}:EvidentirajNaplatuOdgovor`,
  `${NS_EIZV}:EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev`,
  `${NS_EIZV}:EvidentirajIsporukuZaKojuNijeIzdanERacunOdgovor`,
  `${NS_EIZV}:EvidentirajOdbijanjeZahtjev`,
  `${NS_EIZV}:EvidentirajOdbijanjeOdgovor`,
];
/** The consumer-invoice service's messages name their signed element by `Id` (TS-F1 ch. 7). */
const NS_F73 = 'http://www.apis-it.hr/fin/2012/types/f73';
const SIGNED_BY_ID = [`${NS_F73}:RacunZahtjev`, `${NS_F73}:RacunOdgovor`];

/**
 * Verifies a signed fiscalization message with xmlsec1 (Debian `xmlsec1`, libxmlsec1 over OpenSSL),
 * an implementation independent of the xml-crypto the app signs with, given the signer's
 * certificate. Returns whether every reference (`references`: 2 for the XAdES of the e-invoice
 * services, 1 for the consumer-invoice service) and the signature value verified.
 */
export function xmlsecVerifies(xml: string, certificatePem: string, references = 2): { ok: boolean; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-xmlsec-'));
  try {
    fs.writeFileSync(path.join(dir, 'message.xml'), xml);
    fs.writeFileSync(path.join(dir, 'signer.pem'), certificatePem);
    const ids = [...SIGNED.flatMap((element) => ['--id-attr:id', element]), ...SIGNED_BY_ID.flatMap((element) => ['--id-attr:Id', element])];
    const result = spawnSync(
      'xmlsec1',
      ['--verify', '--pubkey-cert-pem', path.join(dir, 'signer.pem'), ...ids, '--id-attr:Id', `${NS_XADES}:SignedProperties`, path.join(dir, 'message.xml')],
      { encoding: 'utf8' },
    );
    if (result.error) throw new Error(`xmlsec1 is needed to check signatures (apt-get install -y xmlsec1): ${result.error.message}`);
    return { ok: result.status === 0 && result.stderr.includes(`SignedInfo References (ok/all): ${references}/${references}`), output: result.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
