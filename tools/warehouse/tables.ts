/**
 * The ERP tables the generator writes, each with the key its versions share: at
 * most one row per key has ISLATEST, and LASTMODIFIED says when a row last changed.
 */
export const ERP_TABLE_KEYS = {
  STATES: 'STATEKEY',
  SOCLASSIFICATIONS: 'SOCLASSIFICATIONKEY',
  COMPANIES: 'COMPANYKEY',
  PAYORS: 'PAYORKEY',
  ITEMS: 'ITEMKEY',
  PERSONS: 'PERSONKEY',
  ADDRESSES: 'ADDRESSKEY',
  DOCTORS: 'DOCTORKEY',
  PATIENTS: 'PATIENTKEY',
  PATIENTPAYORS: 'PATIENTPAYORKEY',
  SALESORDERS: 'SALESORDERKEY',
  SALESORDERITEMS: 'SALESORDERITEMKEY',
  SALESORDERSTATUSHISTORY: 'STATUSHISTORYKEY',
  DOCUMENTS: 'DOCUMENTKEY',
} as const;

export type TErpTable = keyof typeof ERP_TABLE_KEYS;

export const ERP_TABLES = Object.keys(ERP_TABLE_KEYS) as TErpTable[];

/** The modification timestamp column every ERP table carries. */
export const CURSOR_COLUMN = 'LASTMODIFIED';
