/** English texts of e-invoice delivery through an information intermediary (issue 32). */
export const delivery = {
  delivery: {
    test: {
      ok: 'The connection works: {{host}} answers and accepts the credentials.',
      unreachable: 'The intermediary does not answer at {{host}}: check the address and the internet connection.',
      tls: "The server certificate of {{host}} is not trusted: check the address or the trusted CA certificates.",
      credentials: 'The intermediary {{host}} refused the credentials: check the user name, password, OIB and software id.',
      unexpected: "What answers at {{host}} is not the intermediary's API: check the address.",
    },
  },
} as const;
