import type { CatalogueOf } from '../types';
import type { web as hr } from '../hr/web';

export const web: CatalogueOf<typeof hr> = {
  app: {
    close: 'Close dialog',
    calendar: {
      nextMonth: 'Next month',
      previousMonth: 'Previous month',
      nextYear: 'Next year',
      previousYear: 'Previous year',
      nextDecade: 'Next decade',
      previousDecade: 'Previous decade',
    },
    name: 'Faktura',
    documentTitle: '{{page}} · Faktura',
    comingSoon: 'This part of the app is coming soon.',
  },
  language: {
    label: 'Language',
    hr: 'Hrvatski',
    en: 'English',
    unavailable: 'The language cannot be changed: its texts did not arrive. Check your internet connection and try again.',
  },
  login: {
    title: 'Log in',
    intro: 'Sign in to continue.',
    submit: 'Log in',
    waitUntil: 'You can sign in again at {{time}}.',
  },
  nav: {
    label: 'Main navigation',
    toggle: 'Show or hide navigation',
    dashboard: 'Dashboard',
    invoices: 'Invoices',
    clients: 'Clients',
    addresses: 'Addresses',
    reports: 'Reports',
    settings: 'Settings',
  },
  user: {
    menu: 'User menu',
    logout: 'Log out',
  },
  pages: {
    dashboard: 'Dashboard',
    submitted: 'Dashboard > Submitted invoices',
    invoices: 'Invoices',
    newInvoice: 'Invoices > New Invoice',
    editInvoice: 'Invoices > Edit Invoice',
    creditNote: 'Invoices > Credit note',
    clients: 'Clients',
    addresses: 'Addresses',
    settings: 'Settings',
    reports: 'Reports',
    paymentReport: 'Reports > Payments to report',
    joppd: 'JOPPD number',
  },
  screenLoad: {
    title: 'This screen cannot be shown',
    connection: 'The part of the app this screen needs did not arrive. Check your internet connection and try again. If the app was updated in the meantime, reload the page.',
    unexpected: 'Something unexpected went wrong on this screen. Try again, or reload the page.',
    retry: 'Try again',
    reload: 'Reload page',
    dialog: 'The window cannot be opened: the part of the app it needs did not arrive. Check your internet connection and try again. If the app was updated in the meantime, reload the page.',
    part: 'The part of the app this needs did not arrive. Check your internet connection and try again. If the app was updated in the meantime, reload the page.',
  },
  notFound: {
    title: 'Page not found',
    body: 'The address you opened does not exist or has moved.',
    home: 'Back to the dashboard',
  },
  notify: {
    enterOperatorOib: 'Enter the TIN (OIB) in Settings > My account',
    success: 'Success',
    error: 'Error',
    close: 'Close notification',
  },
  /** Shared by every table of records and its dialogs (the list's and dashboard's tables too). */
  recordActions: {
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    retry: 'Try again',
    loading: 'Loading…',
    loadFailed: 'The data could not be loaded',
    actions: 'Actions',
  },
};
