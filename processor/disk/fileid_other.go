//go:build !unix

package disk

import "io/fs"

// fileID: this platform's FileInfo carries no identity to record.
func fileID(fs.FileInfo) string { return "" }
