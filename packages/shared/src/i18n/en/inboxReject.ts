/** Rejecting a received e-invoice and its report by the 20th (issue 47, decision 040). */
export const inboxReject = {
  inboxReject: {
    title: 'Rejection',
    reject: 'Reject',
    notRejected: 'The invoice is not rejected. By rejecting it you declare that you will not deduct its input VAT; the rejection is reported to the Tax Administration by the 20th of the next month.',
    rejectedOn: 'Rejected on {{date}} ({{operator}})',
    type: 'Reason type',
    reason: 'Reason',
    wasPaid: 'Payments were recorded on the invoice when it was rejected.',
    types: {
      N: 'Mismatch that does not affect the tax',
      U: 'Mismatch that affects the tax',
      O: 'Other',
    },
    typeHints: {
      N: 'Something on the invoice is wrong (the address, the order number, the due date), but the tax amount is not.',
      U: 'The amount, the VAT rate or the taxable base is wrong, so the tax on the invoice is wrong.',
      O: 'Any other reason, for example goods neither ordered nor delivered.',
    },
    report: {
      PENDING: 'Waiting to be reported to the Tax Administration (by {{deadline}})',
      REPORTED: 'Reported to the Tax Administration on {{at}}',
      FAILED: 'The Tax Administration refused the report: {{code}} {{reason}}',
      BY_INTERMEDIARY: 'Reported by the intermediary (by {{deadline}})',
      NOT_REQUIRED: 'Nothing to report: the supplier is established abroad and has no Croatian TIN (OIB), so its invoice is not a Croatian e-invoice',
      NONE: 'Faktura does not fiscalize: report the rejection yourself, e.g. in FiskAplikacija, by {{deadline}}',
      lastAttempt: 'The last attempt did not succeed ({{code}}): {{reason}}. Faktura sends it again.',
      alreadyRecorded: 'The Tax Administration already had this rejection on record ({{code}}).',
      waitingForReceipt: 'The report waits until the invoice is fiscalized as received.',
    },
    dialog: {
      title: 'Reject invoice {{number}}',
      intro: 'Invoice {{number}} from {{supplier}} will be rejected today. An invoice is rejected only once, and it cannot be undone.',
      reasonPlaceholder: 'E.g. VAT charged at 25% instead of 13%',
      counter: '{{used}} / {{max}}',
      paidWarning: 'Payments of the invoice are recorded ({{paid}}). They stay recorded.',
      confirmPaid: 'I understand, reject the paid invoice all the same',
      submit: 'Reject the invoice',
      rejected: 'Invoice {{number}} is rejected',
      reasonRequired: 'Enter a reason',
    },
  },
} as const;
