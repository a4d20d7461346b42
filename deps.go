//go:build tools

package tools

import (
	_ "github.com/BurntSushi/toml"
	_ "github.com/olekukonko/tablewriter"
	_ "github.com/pelletier/go-toml/v2/unstable"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "github.com/santhosh-tekuri/jsonschema/v5"
	_ "github.com/urfave/cli/v2"
)
