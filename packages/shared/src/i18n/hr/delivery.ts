/** Croatian texts of e-invoice delivery through an information intermediary (issue 32). */
export const delivery = {
  delivery: {
    test: {
      ok: 'Veza radi: {{host}} odgovara i prihvaća korisničke podatke.',
      unreachable: 'Posrednik ne odgovara na adresi {{host}}: provjerite adresu i vezu s internetom.',
      tls: 'Certifikat poslužitelja {{host}} nije pouzdan: provjerite adresu ili povjerljive CA certifikate.',
      credentials: 'Posrednik {{host}} odbio je korisničke podatke: provjerite korisničko ime, lozinku, OIB i oznaku softvera.',
      unexpected: 'Na adresi {{host}} ne odgovara API posrednika: provjerite adresu.',
    },
  },
} as const;
