#!/usr/bin/env node
/** `enhanced-rpc <command>`: the one entry point for operators. */

const usage = `usage: enhanced-rpc <command>
  serve [--config FILE] [--host 127.0.0.1] [--port 8899] [--upstream URL]... [--upstream-timeout MS] [--ledger FILE] [--db FILE] [--workers N] [--acceptors N] [--redis URL] [--postgres URL] [--log-level info]
        every flag also reads ENHANCED_RPC_<FLAG> (ENHANCED_RPC_UPSTREAM: comma-separated); flag > environment > config file > default
  keys create --plan NAME [--label TEXT] [--db FILE | --postgres URL]
  keys list [--db FILE | --postgres URL]
  keys revoke KEY|FINGERPRINT [--db FILE | --postgres URL]
  plans list [--db FILE | --postgres URL]
  plans set NAME --rps N --burst N --quota N|unlimited --enhanced true|false [--db FILE]
  ledger import --from URL (--signature SIG... | --account ADDR...) [--ledger FILE]
  ledger stats [--ledger FILE]
  ledger build [--ledger FILE]      (re)create the ledger from the bundled corpus
  coverage                          share of the corpus's non-native instructions and accounts decoded
  idl fetch PROGRAM_ID --from URL [--out DIR]   save a program's on-chain IDL into DIR (default: idls/) and list it in MANIFEST.tsv`;

const [command, ...rest] = process.argv.slice(2);
// Each command loads only its own modules: a restart of `serve` is downtime, and the others' (the
// corpus importer, the coverage tally, the on-chain IDL reader) would add to it for nothing.
const commands: Record<string, (args: string[]) => Promise<void>> = {
  serve: async (args) => (await import('./cli/serve.js')).runServe(args),
  keys: async (args) => (await import('./cli/keys.js')).runKeys(args),
  plans: async (args) => (await import('./cli/keys.js')).runPlans(args),
  ledger: async (args) => (await import('./cli/ledger.js')).runLedger(args),
  coverage: async () => (await import('./cli/coverage.js')).runCoverage(),
  idl: async (args) => (await import('./cli/idl.js')).runIdl(args),
};

const run = command ? commands[command] : undefined;
if (!run) {
  console.error(usage);
  process.exit(command === undefined || command === 'help' || command === '--help' ? 0 : 2);
}
try {
  await run(rest);
} catch (error) {
  console.error(`enhanced-rpc ${command}: ${(error as Error).message}`);
  process.exit(1);
}
