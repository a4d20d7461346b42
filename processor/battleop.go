package processor

// BattleOp is a Battle Operation revealed in 2.1: one battle, named after
// the attacking fleet (RULINGS 24: one battle per Battle Operation).
type BattleOp struct {
	ID       string
	Fleet    FleetID
	Player   Login
	Attacker AllianceID
	Defender AllianceID
	Planet   PlanetID
	Attack   AttackType
	// Order is its order in the state's orders (a pointer: a phase's
	// battles are listed once for a step, and a copy of each order was most
	// of that list's size).
	Order *Order
}

// OtherSide is the side of a battle that confirms a result filed by filer.
func (b BattleOp) OtherSide(filer AllianceID) AllianceID {
	if filer == b.Attacker {
		return b.Defender
	}
	return b.Attacker
}

// HasTheatre reports whether a battle is fought in a Theatre. Theatres of
// the Five Hundred Worlds — "When playing a game as part of this campaign
// (excluding a Boarding Actions game), ... the Attacker will be able to
// select one of the Theatres": a Boarding Action is played as a Boarding
// Actions mission, so it has no Theatre, no chooser and no Twist.
func (b BattleOp) HasTheatre() bool { return b.Attack != BoardingAction }
