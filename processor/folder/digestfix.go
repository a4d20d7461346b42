package folder

import (
	"fmt"
	"strings"

	"github.com/warmaster/warmaster/processor"
	"github.com/warmaster/warmaster/schema"
)

// wordCutDigests words anew the schema's fault of a confirmation's or a
// ruling's SHA-256 copied with digits missing at either end, or written
// as no text at all (confirms = true): where the battle's result is in,
// the fault gives the whole line to write (the schema knows only that 64
// digits are asked for).
func wordCutDigests(f *Folder, file string, kind schema.Kind, doc map[string]any, sf []schema.Fault) {
	if kind != schema.Confirmations && kind != schema.Rulings {
		return
	}
	cp := Classify(file)
	result := processor.InputPath(cp.Phase, "results", cp.Name)
	digest := ""
	if res := f.Results[cp.Phase][cp.Name]; res != nil {
		digest = res.SHA256
	} else if data, err := f.ReadFile(result); err == nil {
		// The phase's results are read after its confirmations.
		digest = Digest(data)
	}
	if digest == "" {
		return
	}
	for i, fault := range sf {
		key := strings.TrimPrefix(fault.Pointer, "/")
		switch key {
		case "confirms", "disputes", "upholds", "overturns":
		default:
			continue
		}
		v, text := doc[key].(string)
		switch n := len(v); {
		case !text && doc[key] != nil:
			// confirms = true: the natural guess, which names no text
			sf[i].Message = fmt.Sprintf("%s: write the SHA-256 of %s as filed now, in quotes: %s = %q", key, result, key, digest)
		case n >= 8 && n < len(digest) && strings.Contains(digest, v):
			sf[i].Message = fmt.Sprintf("%s: %q is cut short (%d of the %d digits of %s's SHA-256): write %s = %q", key, v, n, len(digest), result, key, digest)
		}
	}
}
