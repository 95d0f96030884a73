// Types of the module that scripts/compile-validators.ts writes at build time.
type Validator = (data: unknown) => boolean;
export const envelope: Validator;
export const getTransactionParams: Validator;
export const getMultipleAccountsParams: Validator;
export const getAccountInfoParams: Validator;
export const getSlotParams: Validator;
export const noParams: Validator;
