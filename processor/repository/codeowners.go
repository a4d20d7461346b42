package repository

import (
	"fmt"
	"io"
	"strings"

	"github.com/warmaster/warmaster/processor/trust"
)

// WriteCodeOwners writes the repository's CODEOWNERS: the registry's
// Warmasters own everything, then each declared campaign's rules
// (campaigns[i] are reg.Campaigns[i]'s, as trust.CodeOwners lists them
// given the registry's Warmasters, who own its campaign.toml and map.toml:
// check-changes refuses anyone else's change to them). It is here, not
// beside the campaign's format in trust, because it is the registry's:
// trust is below this package and does not know it.
func WriteCodeOwners(w io.Writer, reg *Registry, campaigns [][]trust.Owners) {
	owners := make([]string, len(reg.Warmasters))
	for i, l := range reg.Warmasters {
		owners[i] = "@" + string(l)
	}
	wm := strings.Join(owners, " ")
	fmt.Fprintln(w, "# This repository: written by `warmaster codeowners` from "+RegistryFile+"; commit it as .github/CODEOWNERS.")
	fmt.Fprintln(w, "# The last matching pattern takes precedence; `warmaster check-changes` enforces the rest.")
	fmt.Fprintln(w, "\n# The repository's Warmasters: everything, unless a rule below says otherwise (a new campaign folder too), and .github/ (the workflows, CODEOWNERS, the registry).")
	fmt.Fprintf(w, "* %s\n/.github/ %s\n", wm, wm)
	for i, dir := range reg.Campaigns {
		fmt.Fprintf(w, "\n# The campaign in %s.\n", dir)
		trust.WriteCodeOwners(w, dir, campaigns[i])
	}
}
