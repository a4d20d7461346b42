// Package owntoml is the hand-written TOML codec of the two files Warmaster
// writes and owns, state.toml and journal.toml: their shapes (StateDoc,
// JournalEntry and the tables below them), the writers that lay them out
// byte for byte as BurntSushi/toml's encoder would (StateDoc.Write,
// AppendJournal), and the line readers that read that layout back as the
// library would decode it (ReadStateLines, ReadJournalLines) and refuse, by
// line, anything laid out otherwise, which the caller then hands to the
// library. It imports only the standard library, processor and
// processor/engines (the vocabulary the shapes are written in): folder
// imports it, and it never imports folder, phase, trust or disk; the TOML
// library appears only in its tests, which hold the two to the same bytes
// and values (and fuzz the readers against it). It is hand-written because
// the library's reflection was most of the cost of loading and saving a
// big campaign: on a generated 10,000-battle state of 2.5 MB
// (BenchmarkReadState, BenchmarkWriteState; medians of 10 runs on 2 shared
// cores) it reads in 34 ms to the library's 293 ms (8.7×) and writes in
// 14 ms to the encoder's 232 ms (16×), allocating a seventh and a ninth of
// the bytes (earlier measured: 9.6× and 17×).
package owntoml
