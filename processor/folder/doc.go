// Package folder is a campaign folder on disk and its formats: the layout
// and the kind of every file in it, loading and decoding every input into
// the vocabulary's values, the files Warmaster owns (state.toml,
// journal.toml, battle sheets, medals) and their codecs, the limits on
// what it reads, and the read-back checks of what Warmaster wrote. It may
// import processor, processor/disk, processor/dice (the journal's dice
// records), processor/engines, processor/seal (sealed files' names and
// format) and schema; it never applies a rule: nothing here imports
// processor/attacks, processor/phase or processor/trust.
package folder
