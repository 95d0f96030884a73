/**
 * The transaction reader under the names the enhancer's modules import from here: they are being
 * changed elsewhere, and import src/transaction-result/read.js directly once that work lands.
 */
export { accountKeysOf, entriesOfLists, instructionEntriesOf, instructionListsOf, readableResult } from '../transaction-result/read.js';
