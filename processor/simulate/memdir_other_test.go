//go:build !linux

package simulate

// memDir: simulated campaigns use t.TempDir() where there is no /dev/shm.
func memDir() string { return "" }
