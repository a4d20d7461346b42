// Package trust decides who may change what in a campaign folder (a
// player's own orders and moves, their Alliance's builds, the battles they
// fought; CODEOWNERS), and checks what Warmaster wrote: replay recomputes
// every processor-written file from the journal's inputs, verify re-rolls
// every die with the published key. It takes paths, names and bytes from
// hostile players. It is the top of the processor's layers: it may import
// every package below it (processor, processor/folder, processor/phase,
// processor/seal, processor/dice, processor/disk, schema) and none imports
// it but processor/repository, processor/simulate and cmd/warmaster.
package trust
