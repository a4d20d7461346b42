// Package seal encrypts a player's orders to the Warmaster's age key and
// opens them again at 2.1 Reveal: the sealed file's format, its padding
// and its limits. It depends on filippo.io/age alone and imports nothing
// of Warmaster.
package seal
