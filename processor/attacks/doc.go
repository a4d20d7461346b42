// Package attacks is the six Campaign Attack Types, one file each, as the
// rulebook has them: each file holds its Campaign Outcomes (Attacker wins,
// Defender wins), what makes a victor's choices valid when they are filed,
// and the deterministic default where a choice has become impossible.
// battle.go has what they share: Rules (the campaign, the state as it
// stands when the battle is processed, the dice), Apply (the outcome of a
// battle), ValidateOutcome and the keys each outcome takes. It may import
// processor, processor/dice and processor/report, and touches no file:
// never processor/disk, processor/folder, processor/seal or
// processor/repository.
package attacks
