// Package owntoml is the hand-written TOML codec of the two files Warmaster
// writes and owns, state.toml and journal.toml: their shapes (StateDoc,
// JournalEntry and the tables below them), the writer that lays them out
// byte for byte as BurntSushi/toml's encoder would (StateDoc.Write,
// AppendJournal), and the line readers that read that layout back as the
// library would decode it (ReadState, ReadJournalLines), refusing, by line,
// anything laid out otherwise so that the caller can hand it to the
// library. It may import only the standard library, processor and
// processor/engines (the vocabulary the shapes are written in); folder
// imports it, never it folder, phase, trust or disk, and the TOML library
// only in its tests, which hold the two to the same bytes and values. It is
// hand-written because the library's reflection was most of the cost of a
// big campaign: measured on a 10,000-battle state, reading is 9.6× and
// writing 17× faster than BurntSushi/toml.
package owntoml
