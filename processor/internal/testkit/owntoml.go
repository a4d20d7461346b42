package testkit

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/BurntSushi/toml"
	"github.com/warmaster/warmaster/processor/folder/owntoml"
)

// The reference the hand-written codec of state.toml and journal.toml
// (processor/folder/owntoml) is held to: BurntSushi/toml's encoder and
// decoder. Its own tests and every rules case of processor/phase use them.

// StateAsEncoder says whether a state.toml written by the processor is the
// bytes BurntSushi/toml's encoder writes for the same StateDoc: the
// encoder is the reference tomlOut is held to.
func StateAsEncoder(data []byte) error {
	var f owntoml.StateDoc
	if _, err := toml.Decode(string(data), &f); err != nil {
		return fmt.Errorf("state.toml does not decode: %v", err)
	}
	if want := EncoderBytes(f); !bytes.Equal(data, want) {
		return fmt.Errorf("state.toml is not the encoder's layout:\n--- written\n%s\n--- encoder\n%s", data, want)
	}
	return ReadAsDecoder(data)
}

// ReadAsDecoder says whether readState reads data as the TOML library
// decodes it.
func ReadAsDecoder(data []byte) error {
	var want owntoml.StateDoc
	if _, err := toml.Decode(string(data), &want); err != nil {
		return fmt.Errorf("state.toml does not decode: %v", err)
	}
	got, bad := owntoml.ReadStateLines(data)
	ok := bad == 0
	if !ok {
		return fmt.Errorf("readState does not read what the processor wrote:\n%s", data)
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("readState reads\n%#v\nthe library decodes\n%#v\nfrom\n%s", got, want, data)
	}
	return nil
}

// EncoderBytes is f as BurntSushi/toml's encoder writes it, after the
// comment state.toml opens with.
func EncoderBytes(f owntoml.StateDoc) []byte {
	var buf bytes.Buffer
	buf.WriteString(owntoml.StateComment)
	if err := toml.NewEncoder(&buf).Encode(f); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// EncoderJournal is the journal as the TOML library's encoder writes it,
// one [[steps]] element at a time: the layout appendJournal keeps.
func EncoderJournal(entries []owntoml.JournalEntry) []byte {
	var buf bytes.Buffer
	buf.WriteString(owntoml.JournalHeader)
	for _, e := range entries {
		buf.WriteString("\n")
		if err := toml.NewEncoder(&buf).Encode(struct {
			Steps []owntoml.JournalEntry `toml:"steps"`
		}{[]owntoml.JournalEntry{e}}); err != nil {
			panic(err)
		}
	}
	return buf.Bytes()
}

// JournalAsEncoder says whether a journal is laid out as the encoder
// writes it and read back as the library decodes it.
func JournalAsEncoder(data []byte) error {
	var j struct {
		Steps []owntoml.JournalEntry `toml:"steps"`
	}
	if _, err := toml.Decode(string(data), &j); err != nil {
		return fmt.Errorf("journal.toml does not decode: %v", err)
	}
	if want := EncoderJournal(j.Steps); !bytes.Equal(data, want) {
		return fmt.Errorf("journal.toml is not the encoder's layout:\n--- written\n%s\n--- encoder\n%s", data, want)
	}
	got, bad := owntoml.ReadJournalLines(data)
	if bad != 0 {
		return fmt.Errorf("readJournalLines does not read what the processor wrote:\n%s", data)
	}
	if len(got) != len(j.Steps) {
		return fmt.Errorf("readJournalLines reads %d steps, the library %d", len(got), len(j.Steps))
	}
	for i, e := range got {
		w := j.Steps[i]
		if e.Phase != w.Phase || e.Step != w.Step || !e.Applied.Equal(w.Applied) || e.Dice != w.Dice || e.DiceSHA256 != w.DiceSHA256 || fmt.Sprint(e.Inputs) != fmt.Sprint(w.Inputs) {
			return fmt.Errorf("step %d: readJournalLines reads %+v, the library %+v", i, e, w)
		}
	}
	return nil
}
