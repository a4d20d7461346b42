// Package testkit is the helpers the processor's tests share: writing a
// campaign folder, a pre-state, sealed orders, reading faults back. Only
// tests import it. It may import processor, processor/folder,
// processor/seal and processor/disk — never processor/phase or above,
// whose own tests use it.
package testkit
