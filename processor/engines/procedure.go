package engines

import (
	"errors"
	"fmt"

	"github.com/warmaster/warmaster/processor/dice"
)

// The procedures resolved at the table (warmaster engine): one request,
// the procedure it names chosen and run on the engine's condition.

// The procedures a Request names.
const (
	ProcLanding = "landing" // Behemoth: a Drop-harness landing
	ProcDamage  = "damage"  // Behemoth: a weapon's damage to a zone, or a stomp's failed hits
	ProcHits    = "hits"    // War Machine: hits, in the battle as the campaign resolves it
	ProcDestroy = "destroy" // either: the destruction roll
)

// Request is one procedure to resolve on an engine: its profile and
// condition, the campaign's rules, the dice, and what the procedure takes.
type Request struct {
	Procedure string // ProcLanding, ProcDamage, ProcHits or ProcDestroy
	Profile   *Profile
	// The engine's condition before: Behemoth for a Behemoth profile,
	// WarMachine for a War Machine.
	Behemoth   BehemothCondition
	WarMachine WarMachineCondition
	Rules      Rules
	Roll       Roller
	Label      string // the engine's dice label; the procedure adds what it rolls

	Choices Choices // landing, damage: the picks for Crippled results and chain reactions
	Landing Landing // landing: the conditions met

	// damage: a weapon's Points to the zone named Zone (hull, legs or
	// weapons), or instead Stomp failed hits from Impassable scenery; Entry
	// is its place among the battle's damage entries (its dice stream).
	Zone   string
	Points int
	Stomp  int
	Entry  int

	// hits: the hits and picks, resolved as the campaign resolves a battle
	// (Fight: the Void Field repairs at the start of each of Battle.Turns,
	// once at the start of the battle without them).
	Battle Battle
}

// Resolution is what the procedure did: what happened in words, every die
// rolled in order, and the engine's condition after, described.
type Resolution struct {
	Events []string
	Rolls  []dice.Roll
	After  string
}

// KindError is a procedure asked of an engine of the other kind: Kind
// ("Behemoth" or "War Machine", as Profile.Kind) is the one it is for.
type KindError struct{ Procedure, Kind string }

func (e *KindError) Error() string { return fmt.Sprintf("%s is for a %s", e.Procedure, e.Kind) }

// ErrDamageTarget is a damage request with neither a zone and its points
// (a weapon's damage) nor stomp hits alone.
var ErrDamageTarget = errors.New("damage needs a zone and its points, or stomp hits")

// ZoneError is a damage request whose zone is not hull, legs or weapons.
type ZoneError struct{ Zone string }

func (e *ZoneError) Error() string {
	return fmt.Sprintf("%q is not a zone: hull, legs or weapons", e.Zone)
}

// CheckKind says whether the procedure is one for the profile's kind: a
// *KindError when it is not, an error when it is no procedure.
func CheckKind(procedure string, p *Profile) error {
	var kind string
	switch procedure {
	case ProcLanding, ProcDamage:
		kind = "Behemoth"
	case ProcHits:
		kind = "War Machine"
	case ProcDestroy:
		return nil
	default:
		return fmt.Errorf("no war-engine procedure %q: landing, damage, hits or destroy", procedure)
	}
	if (kind == "Behemoth") != (p.Behemoth != nil) {
		return &KindError{procedure, kind}
	}
	return nil
}

// Resolve chooses the procedure the request names and runs it. The
// errors: CheckKind's, ErrDamageTarget and a *ZoneError.
func Resolve(r Request) (Resolution, error) {
	if err := CheckKind(r.Procedure, r.Profile); err != nil {
		return Resolution{}, err
	}
	b, w := r.Profile.Behemoth, r.Profile.WarMachine
	switch r.Procedure {
	case ProcLanding:
		return behemothResolution(b, Land(b, r.Behemoth, r.Landing, r.Choices, r.Rules, r.Roll, r.Label)), nil
	case ProcDamage:
		switch {
		case r.Stomp > 0 && r.Zone == "":
			return behemothResolution(b, Stomp(b, r.Behemoth, r.Stomp, r.Choices, r.Rules, r.Roll, r.Label, r.Entry)), nil
		case r.Stomp == 0 && r.Zone != "" && r.Points > 0:
			z, ok := ParseZone(r.Zone)
			if !ok {
				return Resolution{}, &ZoneError{r.Zone}
			}
			return behemothResolution(b, DamageZone(b, r.Behemoth, z, r.Points, r.Choices, r.Rules, r.Roll, r.Label, r.Entry)), nil
		}
		return Resolution{}, ErrDamageTarget
	case ProcHits:
		return warMachineResolution(w, Fight(w, r.WarMachine, r.Battle, r.Rules, r.Roll, r.Label)), nil
	}
	if b != nil {
		return behemothResolution(b, Destroy(b, r.Behemoth, r.Roll, r.Label)), nil
	}
	return warMachineResolution(w, Catastrophic(w, r.WarMachine, r.Rules, r.Roll, r.Label)), nil
}

func behemothResolution(b *Behemoth, out Outcome[BehemothCondition]) Resolution {
	return Resolution{Events: out.Events, Rolls: out.Rolls, After: out.Condition.Describe(b)}
}

func warMachineResolution(w *WarMachine, out Outcome[WarMachineCondition]) Resolution {
	return Resolution{Events: out.Events, Rolls: out.Rolls, After: out.Condition.Describe(w)}
}
