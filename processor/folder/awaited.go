package folder

import (
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/processor/seal"
)

// MarkFaulty marks each awaited file that has a fault in list.
func MarkFaulty(aw []processor.Await, list []processor.Fault) {
	isFaulty := FaultyFiles(list)
	for i, a := range aw {
		aw[i].Faulty = isFaulty(a.File)
	}
}

// FaultyFiles reports whether an awaited file (or the sealed orders for
// it) has a fault in list. The files with faults are found once: looking
// through every fault for every awaited file was their product (100,000
// of each in a refused plan of a big phase).
func FaultyFiles(list []processor.Fault) func(file string) bool {
	faulty := make(map[string]bool, len(list))
	for _, f := range list {
		faulty[f.File] = true
	}
	return func(file string) bool { return faulty[file] || faulty[file+seal.SealedExt] }
}

// AwaitedFiles reports whether a file is one of the awaited files aw (or
// sealed orders for one): a set, for each of a list of faults.
func AwaitedFiles(aw []processor.Await) func(file string) bool {
	files := make(map[string]bool, len(aw))
	for _, a := range aw {
		files[a.File] = true
	}
	return func(file string) bool {
		return files[file] || strings.HasSuffix(file, seal.SealedExt) && files[strings.TrimSuffix(file, seal.SealedExt)]
	}
}
