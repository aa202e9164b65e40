import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  taxNumberProblem,
  addressInputSchema,
  companyCreateSchema,
  companyUpdateSchema,
  idSchema,
  type ClientKind,
  type Company,
  type ContractType,
} from '@faktura/shared';
import { EMPTY_ADDRESS, isAddressField, type AddressFieldValues } from '../addresses';

/** A contract row as its inputs hold it; the days are undefined while the input is empty. */
export interface ContractRow {
  id?: number;
  type: ContractType;
  paymentDueDays: number | undefined;
}

/** "Add item" adds a statement of work due in 15 days (spec §9). */
export const NEW_CONTRACT: ContractRow = { type: 'SOW', paymentDueDays: 15 };

/** The inputs both client dialogs share; the update dialog has only these. */
export interface ClientEditableValues {
  /** A business, or a private person (decision 031): asked first, it decides what else is asked. */
  kind: ClientKind;
  email: string;
  pin: string;
  phone: string;
  note: string;
  bankAccountNumber: string;
  contracts: ContractRow[];
  /**
   * False: a Croatian business client that cannot receive e-invoices (the form shows it for Croatian
   * businesses only; a private person never receives one).
   */
  receivesEInvoices: boolean;
}

export interface ClientCreateValues extends ClientEditableValues {
  name: string;
  useExistingAddress: boolean;
  /** The address picker's value: the id as a string, null while none is picked. */
  addressId: string | null;
  address: AddressFieldValues;
}

const { addressId: _addressId, address: _address, ...createFields } = companyCreateSchema.shape;

/**
 * The create contract, with the "use existing address" checkbox deciding which half of its
 * "addressId or address" rule applies, so only the visible inputs are checked.
 */
export const clientCreateFormSchema = z.discriminatedUnion('useExistingAddress', [
  z.object({
    ...createFields,
    useExistingAddress: z.literal(true),
    addressId: z.string().trim().min(1).transform(Number).pipe(idSchema),
  }),
  z.object({ ...createFields, useExistingAddress: z.literal(false), address: addressInputSchema }),
]);

export type ClientCreateOutput = z.output<typeof clientCreateFormSchema>;
export type ClientCreatePayload = z.output<typeof companyCreateSchema>;

export const clientUpdateFormSchema = companyUpdateSchema;

/**
 * The contract's schema cannot know the client's country (an existing address is sent by id, an
 * update sends none), so the dialogs add the server's EU VAT number rule (`taxNumberProblem`) with
 * the country they show: the error for the tax number's input, or null. `stored`: the update
 * dialog's stored number, which may be sent back as it is even if it predates the rule (the server
 * does the same).
 */
export function taxNumberError(
  countryCode: string | null,
  values: { pin?: string | null; kind?: ClientKind | undefined },
  stored?: string | null,
): { type: 'custom'; message: string; params: Record<string, string> } | null {
  const pin = values.pin?.trim() ?? '';
  if (!countryCode || (stored != null && pin === stored)) return null;
  const problem = taxNumberProblem(countryCode, pin, values.kind ?? 'BUSINESS');
  return problem ? { type: 'custom', message: problem.messageKey, params: problem.params } : null;
}

/** The update dialog's resolver: the contract's schema, then `taxNumberError` for its fixed country. */
export function withTaxNumberRule<TValues extends FieldValues & { pin: string; kind: ClientKind }, TOutput>(
  resolver: Resolver<TValues, unknown, TOutput>,
  countryCode: string,
  stored: string | null,
): Resolver<TValues, unknown, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const pin = taxNumberError(countryCode, values, stored);
    if (!pin) return result;
    return { values: {}, errors: { ...result.errors, pin } } as Awaited<ReturnType<Resolver<TValues, unknown, TOutput>>>;
  };
}
export type ClientUpdatePayload = z.output<typeof companyUpdateSchema>;

/**
 * The body of POST /company: the form's values without the checkbox (the union kept one address);
 * only a Croatian business can be marked as not receiving e-invoices, so any other business receives
 * them, and a private person's body has no mark at all (they never receive one).
 */
export function toCreatePayload(values: ClientCreateOutput, croatian: boolean): ClientCreatePayload {
  const { useExistingAddress: _useExisting, receivesEInvoices, ...payload } = values;
  if (payload.kind === 'CONSUMER') return payload;
  return { ...payload, receivesEInvoices: croatian ? (receivesEInvoices ?? true) : true };
}

/** The body of PUT /company/{id}: a private person's has no e-invoice mark (the server keeps what it had). */
export function toUpdatePayload(values: ClientUpdatePayload): ClientUpdatePayload {
  if (values.kind !== 'CONSUMER') return values;
  const { receivesEInvoices: _mark, ...payload } = values;
  return payload;
}

export function emptyClientValues(): ClientCreateValues {
  return {
    kind: 'BUSINESS',
    name: '',
    pin: '',
    email: '',
    phone: '',
    note: '',
    bankAccountNumber: '',
    contracts: [],
    receivesEInvoices: true,
    useExistingAddress: false,
    addressId: null,
    address: { ...EMPTY_ADDRESS },
  };
}

export function clientUpdateValues(company: Company): ClientEditableValues {
  return {
    kind: company.kind,
    email: company.email,
    pin: company.pin ?? '',
    phone: company.phone ?? '',
    note: company.note ?? '',
    bankAccountNumber: company.bankAccountNumber ?? '',
    contracts: company.contracts.map(({ id, type, paymentDueDays }) => ({ id, type, paymentDueDays })),
    // a private person's answer is always false; made a business, they would receive them
    receivesEInvoices: company.kind === 'CONSUMER' ? true : company.receivesEInvoices,
  };
}

const EDITABLE = ['kind', 'email', 'pin', 'phone', 'note', 'bankAccountNumber', 'receivesEInvoices'] as const;
type Editable = (typeof EDITABLE)[number];
const isEditable = (field: string): field is Editable => (EDITABLE as readonly string[]).includes(field);

type ContractPath = `contracts.${number}.${'type' | 'paymentDueDays'}`;
export type EditablePath = Editable | ContractPath;

/**
 * The input a server error's field belongs to in either dialog, or null when no such input is on
 * screen. The contract's `tin` is another name for `pin` (spec §7).
 */
export function editableFieldFor(field: string, contractCount: number): EditablePath | null {
  if (field === 'tin') return 'pin';
  if (isEditable(field)) return field;
  const contract = /^contracts\.(\d+)\.(type|paymentDueDays)$/.exec(field);
  if (contract && Number(contract[1]) < contractCount) {
    return `contracts.${Number(contract[1])}.${contract[2] as 'type' | 'paymentDueDays'}`;
  }
  return null;
}

/** As editableFieldFor, plus the name and whichever address input the checkbox shows. */
export function createFieldFor(
  field: string,
  values: Pick<ClientCreateValues, 'useExistingAddress' | 'contracts'>,
): EditablePath | 'name' | 'addressId' | `address.${keyof AddressFieldValues}` | null {
  if (field === 'name') return 'name';
  if (field === 'addressId') return values.useExistingAddress ? 'addressId' : null;
  const part = field.startsWith('address.') ? field.slice('address.'.length) : null;
  if (part !== null) return !values.useExistingAddress && isAddressField(part) ? `address.${part}` : null;
  return editableFieldFor(field, values.contracts.length);
}
