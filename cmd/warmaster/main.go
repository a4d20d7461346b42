// Command warmaster runs a Vespator Front map campaign from a folder of TOML
// files: it checks what players commit, applies the campaign phase step by
// step, and writes the new map state with a Markdown report.
//
// Exit status: 0 done (or waiting for input), 1 the campaign's files are
// invalid or a file could not be read or written, 2 usage.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}
