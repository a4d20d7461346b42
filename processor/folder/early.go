package folder

import (
	"fmt"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/schema"
)

// earlyMin is how many input files the phase folders must hold for them
// to be read early; earlyAhead how many chunks of them may wait.
const (
	earlyMin   = 2 * prefetchChunk
	earlyAhead = 128
)

// early reads the input files of the campaign's phase folders once
// state.toml is read, in the order the load comes to them: on the CPU the
// load leaves idle while it makes the campaign, then the state, on the
// other, and on every CPU once the load has come to them. A file of a
// step the state says is pending is schema-decoded (a big phase's results
// are decoded by the time they are checked); one of a step processed is
// only hashed, for the load checks it against the journal by its digest
// alone (consumed), and one the load will not read at all (Unchanged) is
// left out. Not before state.toml is read: the load waits for
// campaign.toml's decoding and state.toml's reading, one on each CPU, and
// a stream sharing them put off everything after (at 100,000 battles the
// campaign was made 0.2 s later). Which of them are used is decided
// later (the state says whose step is pending); take hands over each
// asked for, in the folder's order, and drops the rest. Nothing of what
// is reported changes: a file is decoded as read and decode would decode
// it, and one the stream does not have is read and decoded then.
type early struct {
	first, last int // the phases whose folders it reads
	chunks      chan []earlyDoc
	stop        chan struct{}
	done        chan struct{}
	// wide is set once the load takes from the stream: campaign.toml and
	// state.toml are decoded, and what is left of the load waits on the
	// stream, so its chunks are decoded on every CPU, not only the spare
	// one.
	wide atomic.Bool
	cur  []earlyDoc
	at   int
	over bool
}

type earlyDoc struct {
	file string
	d    decoded
}

// startEarly starts reading the phase folders' input files once
// state.toml is read (st), when there are enough to be worth it and a CPU
// to spare; nil otherwise.
func startEarly(f *Folder, st *stateAhead) *early {
	if runtime.GOMAXPROCS(0) < 2 {
		return nil
	}
	// The phase folders loadPhases reads, in its order, and their input
	// files.
	var files []string
	var dirs, phases []int // each file's inputDirs, and phase
	first, last := 0, 0
	for _, pe := range f.entries("phases") {
		p, err := strconv.Atoi(pe.Name())
		if !pe.IsDir() || !phaseDirRE.MatchString(pe.Name()) || err != nil || p < 1 || pe.Name() != fmt.Sprintf("%02d", p) {
			continue
		}
		if first == 0 {
			first = p
		}
		last = p
		rel := path.Join("phases", pe.Name())
		for _, se := range f.entries(rel) {
			i := slices.IndexFunc(inputDirs, func(d inputDir) bool { return d.dir == se.Name() })
			if i < 0 || !se.IsDir() {
				continue
			}
			for _, e := range f.entries(path.Join(rel, se.Name())) {
				if name, ok := strings.CutSuffix(e.Name(), ".toml"); ok && !e.IsDir() {
					files = append(files, processor.InputPath(p, se.Name(), name))
					dirs, phases = append(dirs, i), append(phases, p)
				}
			}
		}
	}
	if len(files) < earlyMin {
		return nil
	}
	e := &early{first: first, last: last, chunks: make(chan []earlyDoc, earlyAhead), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(e.done)
		defer close(e.chunks)
		select {
		case <-st.done:
		case <-e.stop:
			return
		}
		kinds := make([]schema.Kind, 0, len(files))
		kept := files[:0]
		for i, file := range files {
			d := inputDirs[dirs[i]]
			switch {
			case !processed(st.at, phases[i], d):
				kinds = append(kinds, d.kind)
			case f.unchanged != nil && f.unchanged(file):
				continue // processed, and as the base has it: the load does not read it
			default:
				kinds = append(kinds, "") // read and hashed only
			}
			kept = append(kept, file)
		}
		files = kept
		for start := 0; start < len(files); start += prefetchChunk {
			end := min(start+prefetchChunk, len(files))
			cpus := runtime.GOMAXPROCS(0)
			if !e.wide.Load() {
				cpus-- // the load makes the campaign, then the state, on the other
			}
			out := decodeAll(f, cpus, files[start:end], kinds[start:end]...)
			docs := make([]earlyDoc, len(out))
			for i := range out {
				docs[i] = earlyDoc{file: files[start+i], d: out[i]}
			}
			select {
			case e.chunks <- docs:
			case <-e.stop:
				return
			}
		}
	}()
	return e
}

// covers reports whether the stream reads phase's folder.
func (e *early) covers(phase int) bool {
	return e != nil && phase >= e.first && phase <= e.last
}

// processed reports whether the state at (state.toml's phase and step;
// the zero StepAt for none) has processed the step of phase n's files of
// d: as the load's pending judges them, where it can be told without the
// campaign. An orders file of the phase at its operations step may be
// pending or, declared first under An Open Tome, processed: it is
// decoded. Judged processed, a file is only read and hashed; were the
// load to want it decoded after all, it decodes it itself.
func processed(at StepAt, n int, d inputDir) bool {
	switch {
	case at.Step == processor.StepEnded:
		return true
	case n < at.Phase:
		return true
	case n > at.Phase || at.Step == processor.StepSetup:
		return false
	case d.dir == "orders":
		return at.Step > processor.StepOperations
	}
	return d.step < at.Step
}

// sum is the digest of file, of phase phase, as the stream read it, if it
// has it: "" otherwise (a file too long to be hashed as it is read, or
// one it could not read).
func (e *early) sum(phase int, file string) string {
	if !e.covers(phase) {
		return ""
	}
	if d, ok := e.take(file); ok && d.err == nil {
		return d.sum
	}
	return ""
}

// take hands over file as decoded early, if the stream has it: the files
// before it in the stream that nobody asked for are dropped.
func (e *early) take(file string) (decoded, bool) {
	e.wide.Store(true)
	for !e.over {
		if e.at == len(e.cur) {
			c, ok := <-e.chunks
			if !ok {
				e.over = true
				break
			}
			e.cur, e.at = c, 0
		}
		x := &e.cur[e.at]
		e.at++
		if x.file == file {
			d := x.d
			*x = earlyDoc{}
			return d, true
		}
		*x = earlyDoc{}
	}
	return decoded{}, false
}

// end stops the stream and waits for its reader: nothing reads the folder
// behind the load's back once it is done.
func (e *early) end() {
	if e == nil {
		return
	}
	close(e.stop)
	<-e.done
	e.cur, e.over = nil, true
}
